/**
 * Pages are rendered whole (render.server.tsx), so their bytes exist before the Response does. The
 * Response React Router hands back carries no body: the bytes are kept here, and the HTTP edge
 * (express-adapter.server.ts) writes them straight to the socket. Building a web stream for the body and
 * reading it back cost about 4% of a page. Only that handler serves the app, and it checks here first.
 */
const bodies = new WeakMap<Response, Uint8Array>();

export function wholeBodyResponse(bytes: Uint8Array, init: ResponseInit): Response {
  const response = new Response(null, init);
  bodies.set(response, bytes);
  return response;
}

/** The bytes of a response made by `wholeBodyResponse`. */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return bodies.get(response);
}

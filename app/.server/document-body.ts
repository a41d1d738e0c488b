/**
 * Pages are rendered whole (app/entry.server.tsx), so their bytes exist before the Response does.
 * The HTTP edge (server/router-handler.ts) writes those bytes straight to the socket instead of
 * reading them back through the Response's web stream, which cost about 3% of a page. The Response
 * keeps its normal body, so anything else that reads it still works.
 */
const bodies = new WeakMap<Response, Uint8Array>();

export function wholeBodyResponse(bytes: Uint8Array, init: ResponseInit): Response {
  const response = new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), init);
  bodies.set(response, bytes);
  return response;
}

/** The bytes of a response made by `wholeBodyResponse`, when its body stream was never touched. */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return response.bodyUsed ? undefined : bodies.get(response);
}

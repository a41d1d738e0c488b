import net from "node:net";

/**
 * HTTP/1.x written byte for byte over a socket: fetch refuses the requests a fuzzer needs
 * (TRACE, a Host with a space, no Host at all, bodies that lie about their type).
 */
export interface RawRequest {
  method: string;
  /** The request target exactly as sent (may be malformed on purpose). */
  target: string;
  headers: Array<[string, string]>;
  body?: Buffer | string;
  /** Send the body in chunked encoding instead of with a Content-Length. */
  chunked?: boolean;
  /** "HTTP/1.1" unless given; "HTTP/1.0" requests may leave out Host. */
  version?: string;
  /** Leave out the Host header (added otherwise when missing). */
  noHost?: boolean;
  /** Why this request exists (finding number or generator family), for reports. */
  label?: string;
  /** Send `Origin: http://127.0.0.1:<port>` (the site's own), so same-origin checks let the request through to what it tests. */
  sameOrigin?: boolean;
}

export interface RawResponse {
  /** 0 when the server closed or reset the connection without a status line. */
  status: number;
  headers: Record<string, string>;
  body: string;
  error?: string;
}

const MAX_KEEP = 256 * 1024;

export function sendRaw(port: number, request: RawRequest, timeoutMs = 20_000): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let kept = 0;
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(chunks)), ...(error ? { error } : {}) });
    };
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    socket.on("data", (chunk) => {
      if (kept < MAX_KEEP) {
        chunks.push(chunk);
        kept += chunk.length;
      }
      // A complete response with Content-Length is enough; no need to wait for the close.
      const head = Buffer.concat(chunks);
      const end = head.indexOf("\r\n\r\n");
      if (end >= 0 && !/^HTTP\/\d\.\d 1\d\d /.test(head.subarray(0, 16).toString("latin1"))) {
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head.subarray(0, end).toString("latin1"))?.[1];
        if (length !== undefined && head.length - end - 4 >= Number(length)) finish();
      }
    });
    socket.on("end", () => finish());
    socket.on("close", () => finish());
    // A server that refuses a body early resets the socket while it is still being written: the answer may have come first.
    socket.on("error", (error) => finish(chunks.length ? undefined : error.message));
    socket.on("connect", () => {
      const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
      const lines = [`${request.method} ${request.target} ${request.version ?? "HTTP/1.1"}`];
      const names = new Set(request.headers.map(([name]) => name.toLowerCase()));
      if (!request.noHost && !names.has("host")) lines.push(`Host: 127.0.0.1:${port}`);
      if (request.sameOrigin && !names.has("origin")) lines.push(`Origin: http://127.0.0.1:${port}`);
      for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
      if (!names.has("connection")) lines.push("Connection: close");
      if (body && request.chunked) lines.push("Transfer-Encoding: chunked");
      else if (body && !names.has("content-length")) lines.push(`Content-Length: ${body.length}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
      if (!body) return;
      if (!request.chunked) {
        socket.write(body);
        return;
      }
      for (let at = 0; at < body.length; at += 16 * 1024) {
        const part = body.subarray(at, at + 16 * 1024);
        socket.write(`${part.length.toString(16)}\r\n`);
        socket.write(part);
        socket.write("\r\n");
      }
      socket.write("0\r\n\r\n");
    });
  });
}

function parse(raw: Buffer): Omit<RawResponse, "error"> {
  // Interim answers (100 Continue) come before the real one.
  while (/^HTTP\/\d\.\d 1\d\d /.test(raw.subarray(0, 16).toString("latin1"))) {
    const interimEnd = raw.indexOf("\r\n\r\n");
    if (interimEnd < 0) break;
    raw = raw.subarray(interimEnd + 4);
  }
  const end = raw.indexOf("\r\n\r\n");
  const head = (end < 0 ? raw : raw.subarray(0, end)).toString("latin1");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    }
  }
  return { status, headers, body: end < 0 ? "" : raw.subarray(end + 4).toString("utf8") };
}

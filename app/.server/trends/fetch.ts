/** Largest answer read from a trending source; anything bigger is not the page we expect. */
const MAX_BYTES = 5 * 1024 * 1024;

export interface FetchOptions {
  timeoutMs: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One request to a trending source with a hard deadline for the whole answer (headers and body), a size
 * cap, and non-2xx answers as errors: the refresher then keeps the last good snapshot.
 */
export async function fetchText(url: URL, options: FetchOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const response = await fetch(url, {
    method: options.method ?? "GET",
    headers: { "user-agent": "ai-tools-directory-trends/1.0", ...options.headers },
    body: options.body,
    signal,
    redirect: "follow",
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${url.host} answered ${response.status}`);
  }
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_BYTES) {
    await response.body?.cancel();
    throw new Error(`${url.host} answered ${declared} bytes`);
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error(`${url.host} answered more than ${MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

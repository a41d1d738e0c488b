import { readBodyText } from "../http/json-api";

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
  try {
    return await readBodyText(response, MAX_BYTES);
  } catch (error) {
    // The reader refuses an oversized body with a 413 Response (its use for request bodies).
    if (error instanceof Response) throw new Error(`${url.host} answered more than ${MAX_BYTES} bytes`, { cause: error });
    throw error;
  }
}

import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for inline scripts, also sent in the CSP header. */
    cspNonce: string;
    /** `performance.now()` when the request arrived, for the document's Server-Timing header. */
    receivedAt?: number;
  }
}

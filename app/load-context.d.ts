import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for inline scripts, also sent in the CSP header. */
    cspNonce: string;
    /** `performance.now()` when the request arrived, for the document's Server-Timing header. */
    receivedAt?: number;
    /**
     * True when the request asks for a document (rendered by the server), false for a `.data` request
     * (client navigation, revalidation). Unset outside the HTTP server (tests calling loaders): then loaders
     * answer as for a data request. See `app/delivery/markup-data.tsx`.
     */
    documentRequest?: boolean;
    /** What loaders hand to this request's server render only (markup-data.tsx). */
    markupData?: Map<string, string>;
  }
}

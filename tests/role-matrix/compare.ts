import type { RoleMatrixEntry } from "./types";

/** Alternatives and comparison pages: public reads; bad input is a 404 or a redirect, never a 500. */
const rows: RoleMatrixEntry[] = [
  { route: "routes/alternatives.tsx", method: "GET", path: "/us-en/alternatives/github-copilot", visitor: 200, user: 200, admin: 200 },
  { route: "routes/alternatives.tsx", method: "GET", path: "/de/alternatives/no-such-tool", visitor: 404, user: 404, admin: 404 },
  { route: "routes/alternatives.tsx", method: "GET", path: "/ja/ecommerce/alternatives/jungle-scout", visitor: 200, user: 200, admin: 200 },
  { route: "routes/compare.tsx", method: "GET", path: "/us-en/compare/chatgpt-vs-midjourney", visitor: 200, user: 200, admin: 200 },
  { route: "routes/compare.tsx", method: "GET", path: "/us-en/compare/midjourney-vs-chatgpt", visitor: 308, user: 308, admin: 308 },
  { route: "routes/compare.tsx", method: "GET", path: "/us-en/compare/chatgpt-vs-%3Cx%3E", visitor: 404, user: 404, admin: 404 },
  { route: "routes/compare.tsx", method: "GET", path: "/fr/compare?tools=chatgpt,claude,gemini,perplexity,deepseek", visitor: 200, user: 200, admin: 200 },
  { route: "routes/compare.tsx", method: "GET", path: "/us-en/compare", visitor: 200, user: 200, admin: 200 },
];

export default rows;

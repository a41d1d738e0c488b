import type { RoleMatrixEntry } from "./types";

/** The e-commerce directory: public pages (and their `.data` loads); a missing product redirects to the list. */
const rows: RoleMatrixEntry[] = [
  { route: "routes/ecommerce.tsx", method: "GET", path: "/ecommerce", visitor: 200, user: 200, admin: 200 },
  { route: "routes/ecommerce.tsx", method: "GET", path: "/zh-CN/ecommerce?categories=amazon-product-research&platforms=amazon&page=2", visitor: 200, user: 200, admin: 200 },
  { route: "routes/ecommerce.tsx", method: "GET", path: "/ecommerce.data?sort=bogus&page=-1&categories=%3Cx%3E", visitor: 200, user: 200, admin: 200 },
  { route: "routes/ecommerce-detail.tsx", method: "GET", path: "/ecommerce/jungle-scout", visitor: 200, user: 200, admin: 200 },
  { route: "routes/ecommerce-detail.tsx", method: "GET", path: "/de/ecommerce/no-such-product", visitor: 302, user: 302, admin: 302 },
];

export default rows;

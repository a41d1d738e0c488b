// `npm run dev`: the same server with Vite's dev middleware and hot reload.
process.env.NODE_ENV = "development";
await import("../server.js");

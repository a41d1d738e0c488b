import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Fake websites on loopback for the screenshotter: a tool's site whose page also asks for addresses it must
 * never reach, and "forbidden" servers that only count what reaches them.
 */
export interface CountingServer {
  url: string;
  port: number;
  hits: string[];
  stop(): Promise<void>;
}

async function serve(host: string, handler: (req: http.IncomingMessage, res: http.ServerResponse, hits: string[]) => void): Promise<CountingServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => handler(req, res, hits));
  // An upgrade request (a WebSocket) counts as a hit too.
  server.on("upgrade", (req, socket) => {
    hits.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    hits,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A server that answers every request with a tiny page and records it: reaching it at all is the failure. */
export function startCountingServer(host = "127.0.0.1"): Promise<CountingServer> {
  return serve(host, (req, res, hits) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "text/html" }).end("<p>reached</p>");
  });
}

/**
 * A tool's website: `/` a page with a heading in `colour`, a stylesheet and a picture of its own, a redirect
 * of its own; `/hostile` the same page also loading `forbidden` addresses every way a page can (pictures,
 * frames, scripts' fetches, a WebSocket, a redirect, a service worker).
 */
export function startFakeWebsite(options: { title: string; colour?: string; forbidden?: string[] } = { title: "Fake tool" }): Promise<CountingServer> {
  const forbidden = options.forbidden ?? [];
  return serve("127.0.0.1", (req, res, hits) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.push(`${req.method} ${path}`);
    if (path === "/style.css") return res.writeHead(200, { "content-type": "text/css" }).end(`body{margin:0;font-family:sans-serif;background:${options.colour ?? "#fde68a"}}h1{font-size:64px;padding:48px}`);
    if (path === "/moved") return res.writeHead(302, { location: "/" }).end();
    if (path === "/away") return res.writeHead(302, { location: forbidden[0] ?? "/" }).end();
    if (path === "/sw.js") return res.writeHead(200, { "content-type": "text/javascript" }).end(`self.addEventListener("install",()=>{${forbidden.map((u) => `fetch(${JSON.stringify(u)});`).join("")}})`);
    if (path !== "/" && path !== "/hostile") return res.writeHead(404).end();
    const hostile = path === "/hostile";
    const extra = hostile
      ? [
          ...forbidden.map((u) => `<img src="${u}pixel.png" alt=""><iframe src="${u}frame"></iframe><link rel="prefetch" href="${u}prefetch">`),
          `<img src="/away" alt="">`,
          `<script>${forbidden.map((u) => `fetch(${JSON.stringify(`${u}api`)}).catch(()=>{});try{new WebSocket(${JSON.stringify(`${u.replace(/^http/, "ws")}socket`)})}catch(e){}`).join("")}
navigator.serviceWorker&&navigator.serviceWorker.register("/sw.js").catch(()=>{});
fetch("/", {method:"POST", body:"x"}).catch(()=>{});</script>`,
        ].join("\n")
      : "";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>${options.title}</title><link rel="stylesheet" href="/style.css"></head><body><h1>${options.title}</h1>${extra}</body></html>`);
  });
}

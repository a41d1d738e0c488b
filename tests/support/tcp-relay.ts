import net from "node:net";

export interface TcpRelay {
  port: number;
  /** Stops listening and cuts every relayed connection: the target is unreachable until `open()`. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  open(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay on loopback to `target` (a PostgreSQL server), so a test can take the database away from a
 * server process and give it back: cut, its connections reset and new ones are refused, as in a failover.
 */
export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };
  return { port, cut, open: () => listen(port), close: cut };
}

import type { SignInAddress } from "~/lib/sign-in-address";
import type { Config } from "../config";

/**
 * The addresses a browser may sign in and write from. With PUBLIC_URL set, that one origin only; without
 * it (a local start), the loopback names of the port the server listens on, so `http://127.0.0.1:3000` works
 * as well as `http://localhost:3000`. better-auth's origin check and the app's own check on writes
 * (`assertSameOrigin`) both ask this module, so one rule holds for every write.
 */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/** The port `server.js` listens on (PORT may be 0: the system picks one); noted once it is known. */
let listeningPort: number | undefined;

export function noteListeningPort(port: number): void {
  listeningPort = port;
}

function localPort(config: Pick<Config, "PORT">): number {
  return listeningPort ?? config.PORT;
}

/** Every origin sign-in and writes accept; the first is the address to open. */
export function acceptedOrigins(config: Pick<Config, "PUBLIC_URL" | "PORT">): string[] {
  if (config.PUBLIC_URL) return [new URL(config.PUBLIC_URL).origin];
  const port = localPort(config);
  return LOOPBACK_HOSTS.map((host) => `http://${host}:${port}`);
}

/** The address a person should open to sign in (PUBLIC_URL, or localhost on the port). */
export function siteAddress(config: Pick<Config, "PUBLIC_URL" | "PORT">): string {
  return acceptedOrigins(config)[0]!;
}

export function isAcceptedOrigin(origin: string, config: Pick<Config, "PUBLIC_URL" | "PORT">): boolean {
  return acceptedOrigins(config).includes(origin);
}

/** What the browser needs to tell a visitor on another address where sign-in works. */
export function signInAddress(config: Pick<Config, "PUBLIC_URL" | "PORT">): SignInAddress {
  const accepted = acceptedOrigins(config);
  return { open: accepted[0]!, accepted };
}

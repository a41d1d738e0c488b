import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * Whether the site can deliver mail (SMTP, or the local outbox outside production). Without it no page may
 * promise an e-mail: texts say where the answer shows up instead (My tools, Orders).
 */
export function useSiteSendsMail(): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.signInMethods.emailLinks ?? true;
}

import { getSessionUser } from "~/.server/auth/session";
import { userApi } from "~/.server/favorites/http";
import { jsonOk, readJson } from "~/.server/http/json-api";
import { fileVisitorReport } from "~/.server/reports/filing";
import { reportInput } from "~/.server/reports/rules";
import { clientAddress } from "~/.server/user-area/context";
import type { Route } from "./+types/api.reports";

/**
 * POST {subject, slug | reviewId, reason, details}: reports a tool, e-commerce tool, case study or review, signed
 * in or not; limited per address (and account) and hour (429 past it). The same reporter again counts once.
 */
export function action({ request }: Route.ActionArgs) {
  return userApi(request, {
    POST: async (db) => {
      const input = await readJson(request, reportInput, { maxBytes: 8 * 1024 });
      const user = await getSessionUser(request);
      const filed = await fileVisitorReport(db, input, { userId: user?.id ?? null, address: clientAddress(request) });
      return jsonOk({ received: true, new: filed });
    },
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return userApi(request, {});
}

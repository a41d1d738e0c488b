import { runQrCallback } from "~/.server/auth/qr-callback";
import { CallbackScreen } from "~/components/auth/callback-screen";
import type { Route } from "./+types/auth.douyin-callback";

/** Douyin redirects here after a scan: state check, server-side code exchange, session. */
export async function loader({ request }: Route.LoaderArgs) {
  return runQrCallback("douyin", request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "Douyin" }, { name: "robots", content: "noindex" }];

export default function DouyinCallback({ loaderData }: Route.ComponentProps) {
  return <CallbackScreen view={loaderData} testId="douyin-callback" />;
}

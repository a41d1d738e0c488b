import { runQrCallback } from "~/.server/auth/qr-callback";
import { CallbackScreen } from "~/components/auth/callback-screen";
import type { Route } from "./+types/auth.wechat-callback";

/** WeChat redirects here after a scan: state check, server-side code exchange, session. */
export async function loader({ request }: Route.LoaderArgs) {
  return runQrCallback("wechat", request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "WeChat" }, { name: "robots", content: "noindex" }];

export default function WechatCallback({ loaderData }: Route.ComponentProps) {
  return <CallbackScreen view={loaderData} testId="wechat-callback" />;
}

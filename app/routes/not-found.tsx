import { NotFoundScreen } from "~/components/not-found-screen";

/** Any path no page claims: answered with 404 and the not-found screen. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}

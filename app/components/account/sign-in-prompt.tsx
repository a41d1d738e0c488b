import { useLocation } from "react-router";
import { requestLogin } from "~/components/auth/auth-client";
import { useT } from "~/i18n/translator";

/** Shown instead of a page's content to signed-out visitors; the button opens the login dialog and comes back here. */
export function SignInPrompt({ message }: { message: string }) {
  const t = useT("account");
  const location = useLocation();
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-8 text-center" data-testid="sign-in-prompt">
      <p className="text-slate-700">{message}</p>
      <button
        type="button"
        onClick={() => requestLogin(location.pathname + location.search)}
        className="mt-4 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("signIn.button")}
      </button>
    </section>
  );
}

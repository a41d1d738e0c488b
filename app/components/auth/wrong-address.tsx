import { useEffect, useState } from "react";
import { useT } from "~/i18n/translator";
import { addressToOpen, type SignInAddress } from "~/lib/sign-in-address";

/**
 * The same page at the address sign-in works on, when this page was opened at another one (127.0.0.1 while
 * PUBLIC_URL names another host, say). Read after hydration: the server cannot know which address the
 * browser typed, and the rendered page is shared.
 */
export function useAddressToOpen(address: SignInAddress | undefined): string | null {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => setHref(addressToOpen(address, window.location)), [address]);
  return href;
}

/** Says plainly where sign-in works, with a link to this page there. */
export function WrongAddressNotice({ href, open }: { href: string; open: string }) {
  const t = useT("user");
  return (
    <div role="alert" data-testid="wrong-address" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>{t("auth.wrongAddress", { address: open })}</p>
      <a href={href} className="mt-1 inline-block break-all font-medium text-brand-700 underline">{t("auth.openAddress", { address: open })}</a>
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator, type useRouteLoaderData } from "react-router";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { useImageFailure } from "~/lib/image-fallback";
import type { loader as rootLoader } from "~/root";
import { signOut } from "./auth-client";

const MENU_ITEMS = [
  { path: "/user/dashboard", key: "menu.workbench" },
  { path: "/user/advertise", key: "menu.advertise" },
  { path: "/user/business", key: "menu.business" },
  { path: "/user/submit-tool", key: "menu.submitTool" },
  { path: "/user/update-tool", key: "menu.updateTool" },
] as const;

type MenuUser = NonNullable<NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>["user"]>;

/** The top bar's menu of a signed-in visitor (account-slot.tsx loads it apart). */
export function UserMenu({ user }: { user: MenuUser }) {
  const t = useT("user");
  const to = useLocalizedPath();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  async function logout() {
    setOpen(false);
    await signOut();
    await revalidator.revalidate();
  }

  const initial = (user.name.trim()[0] ?? "U").toUpperCase();
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        data-testid="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full border border-slate-200 py-1 pl-1 pr-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <Avatar url={user.avatar} initial={initial} />
        {/* The name read aloud starts with the words shown (speech control users say what they see). */}
        <span className="hidden max-w-32 truncate sm:inline" data-testid="user-name">
          {user.name}
        </span>
        <span className="sr-only">{t("menu.account")}</span>
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          {/* The name falls back to the e-mail address: then it is shown once, whole (wrapped, not cut off). */}
          <div className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500 [overflow-wrap:anywhere]" data-testid="user-menu-identity">
            <div className="font-medium text-slate-800">{user.name}</div>
            {user.email && user.email.trim().toLowerCase() !== user.name.trim().toLowerCase() ? <div>{user.email}</div> : null}
          </div>
          {MENU_ITEMS.map((item) => (
            <Link
              key={item.path}
              role="menuitem"
              to={to(item.path)}
              onClick={() => setOpen(false)}
              className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
            >
              {t(item.key)}
            </Link>
          ))}
          {user.isAdmin ? (
            <Link role="menuitem" to="/admin" reloadDocument className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
              {t("auth.adminConsole")}
            </Link>
          ) : null}
          <button
            type="button"
            role="menuitem"
            data-testid="logout-button"
            onClick={() => void logout()}
            className="block w-full border-t border-slate-100 px-4 py-2 text-left text-sm text-red-600 hover:bg-red-50"
          >
            {t("menu.logout")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The provider's picture, or the initial when there is none or it does not load (expired or blocked URL). */
function Avatar({ url, initial }: { url: string | null | undefined; initial: string }) {
  const { failed, imageProps } = useImageFailure();
  if (!url || failed) {
    return (
      <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-100 text-brand-700" data-testid="user-initial">
        {initial}
      </span>
    );
  }
  return <img {...imageProps} src={url} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" referrerPolicy="no-referrer" />;
}

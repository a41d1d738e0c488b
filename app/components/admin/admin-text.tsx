import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { Lang } from "~/i18n/languages";

/**
 * The `admin` bundle in the admin's language, handed down by the admin
 * layout's loader. Admin pages sit outside the `:lang` segment, so they do
 * not use the page-language i18next instance.
 */
export type AdminT = (key: string, vars?: Record<string, string | number>) => string;

interface AdminLayoutData {
  adminLang: Lang;
  adminStrings: Record<string, unknown>;
}

export function translatorOf(strings: Record<string, unknown>): AdminT {
  return (key, vars = {}) => {
    const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
    if (typeof value !== "string") return key;
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ""));
  };
}

const AdminTextContext = createContext<{ t: AdminT; lang: Lang } | null>(null);

export function AdminTextProvider({ lang, strings, children }: { lang: Lang; strings: Record<string, unknown>; children: ReactNode }) {
  const value = useMemo(() => ({ t: translatorOf(strings), lang }), [lang, strings]);
  return <AdminTextContext.Provider value={value}>{children}</AdminTextContext.Provider>;
}

/** `t` for admin screens, and the admin's language (dates, numbers). */
export function useAdminText(): { t: AdminT; lang: Lang } {
  const context = useContext(AdminTextContext);
  const data = useRouteLoaderData<AdminLayoutData>("admin");
  if (context) return context;
  return { t: translatorOf(data?.adminStrings ?? {}), lang: data?.adminLang ?? "us-en" };
}

/** Dates in the admin's language, in UTC so server and browser render the same text. */
export function formatAdminDate(iso: string | null, lang: Lang): string {
  if (!iso) return "";
  const locale = lang === "us-en" ? "en-US" : lang;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso));
}

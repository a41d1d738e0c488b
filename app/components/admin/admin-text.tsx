import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { createI18n } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";
import { translatorFor } from "~/i18n/translator";

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

const adminTranslators = new WeakMap<Record<string, unknown>, Map<Lang, AdminT>>();

/** The admin bundle's translator: i18next like every other text (decision 0028), one instance per bundle and language. */
export function translatorOf(lang: Lang, strings: Record<string, unknown>): AdminT {
  let byLang = adminTranslators.get(strings);
  if (!byLang) adminTranslators.set(strings, (byLang = new Map()));
  let t = byLang.get(lang);
  if (!t) byLang.set(lang, (t = translatorFor(createI18n(lang, { admin: strings }), "admin") as unknown as AdminT));
  return t;
}

const NO_STRINGS: Record<string, unknown> = {};

const AdminTextContext = createContext<{ t: AdminT; lang: Lang } | null>(null);

export function AdminTextProvider({ lang, strings, children }: { lang: Lang; strings: Record<string, unknown>; children: ReactNode }) {
  const value = useMemo(() => ({ t: translatorOf(lang, strings), lang }), [lang, strings]);
  return <AdminTextContext.Provider value={value}>{children}</AdminTextContext.Provider>;
}

/** `t` for admin screens, and the admin's language (dates, numbers). */
export function useAdminText(): { t: AdminT; lang: Lang } {
  const context = useContext(AdminTextContext);
  const data = useRouteLoaderData<AdminLayoutData>("admin");
  if (context) return context;
  const lang = data?.adminLang ?? "us-en";
  return { t: translatorOf(lang, data?.adminStrings ?? NO_STRINGS), lang };
}

/** Dates in the admin's language, in UTC so server and browser render the same text. */
export function formatAdminDate(iso: string | null, lang: Lang): string {
  if (!iso) return "";
  const locale = lang === "us-en" ? "en-US" : lang;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso));
}

import type { i18n } from "i18next";
import { createI18n, type Bundles } from "./instance";
import type { Lang } from "./languages";

const SERVER_INSTANCES_MAX = 64;
const serverInstances = new Map<string, i18n>();
const bundleIds = new WeakMap<object, number>();
let nextBundleId = 0;

/**
 * The i18next instance the root layout renders with. The browser makes its
 * own (once per page load). Server renders share one per language and bundle
 * set instead, because creating and initialising i18next on every request was
 * a measurable share of each render; the server reads each bundle file once,
 * so the same objects identify the same set.
 *
 * What is shared is a view with no own properties over the instance:
 * react-i18next copies every own property of the instance it is given (i18next
 * binds each of its methods onto the instance) on every `useTranslation` call
 * while rendering on the server, which was the largest single cost of a page.
 */
export function i18nForRender(lang: Lang, bundles: Bundles): i18n {
  if (typeof document !== "undefined") return createI18n(lang, bundles);
  const ids = Object.entries(bundles).map(([ns, strings]) => {
    if (!strings) return ns;
    let id = bundleIds.get(strings);
    if (id === undefined) bundleIds.set(strings, (id = nextBundleId++));
    return `${ns}=${id}`;
  });
  const key = `${lang}:${ids.join(",")}`;
  let view = serverInstances.get(key);
  if (!view) {
    if (serverInstances.size >= SERVER_INSTANCES_MAX) serverInstances.delete(serverInstances.keys().next().value!);
    view = Object.create(createI18n(lang, bundles)) as i18n;
    serverInstances.set(key, view);
  }
  return view;
}

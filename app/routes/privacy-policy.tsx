import { loadStaticPage } from "~/.server/static-pages";
import { LegalDocument, type LegalSection } from "~/components/static-pages/legal-document";
import { useRouteBundles } from "~/i18n/hooks";
import type { Route } from "./+types/privacy-policy";

/** The ten sections of spec 2.4, in order. */
const PRIVACY_SECTIONS: readonly LegalSection[] = [
  { key: "collected", anchor: "information-we-collect", subsections: [{ key: "pageViews", anchor: "page-view-statistics" }] },
  { key: "use", anchor: "how-we-use-information" },
  { key: "cookies", anchor: "cookies" },
  { key: "retention", anchor: "data-retention" },
  { key: "security", anchor: "security" },
  { key: "thirdParties", anchor: "third-parties" },
  { key: "transfers", anchor: "international-transfers" },
  { key: "rights", anchor: "your-rights" },
  { key: "changes", anchor: "changes" },
  { key: "contact", anchor: "contact" },
];

export async function loader({ request }: Route.LoaderArgs) {
  return loadStaticPage(request);
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  return (
    <LegalDocument
      doc="privacy"
      sections={PRIVACY_SECTIONS}
      effectiveDate={loaderData.effectiveDate}
      contactEmail={loaderData.contactEmail}
    />
  );
}

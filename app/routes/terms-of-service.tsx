import { loadStaticPage } from "~/.server/static-pages";
import { LegalDocument, type LegalSection } from "~/components/static-pages/legal-document";
import { useRouteBundles } from "~/i18n/hooks";
import type { Route } from "./+types/terms-of-service";

/** The thirteen sections of spec 2.4, in order. */
const TERMS_SECTIONS: readonly LegalSection[] = [
  { key: "eligibility", anchor: "eligibility" },
  { key: "accounts", anchor: "accounts" },
  { key: "userContent", anchor: "user-content" },
  { key: "conduct", anchor: "prohibited-conduct" },
  { key: "intellectualProperty", anchor: "intellectual-property" },
  { key: "thirdPartyLinks", anchor: "third-party-links" },
  { key: "disclaimer", anchor: "disclaimer" },
  { key: "liability", anchor: "limitation-of-liability" },
  { key: "indemnification", anchor: "indemnification" },
  { key: "termination", anchor: "termination" },
  { key: "governingLaw", anchor: "governing-law" },
  { key: "changes", anchor: "changes" },
  { key: "contact", anchor: "contact" },
];

export async function loader({ request }: Route.LoaderArgs) {
  return loadStaticPage(request);
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  return (
    <LegalDocument
      doc="terms"
      sections={TERMS_SECTIONS}
      effectiveDate={loaderData.effectiveDate}
      contactEmail={loaderData.contactEmail}
    />
  );
}

import { useAdminText } from "~/components/admin/admin-text";

/** The review card's look at the submitted website: its capture, opening full size in a new tab. */
export function SiteScreenshotField({ url }: { url: string | null | undefined }) {
  const { t } = useAdminText();
  if (!url) return null;
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-0.5 text-sm">
      <dt className="font-medium text-slate-500">{t("screenshot.column")}</dt>
      <dd className="min-w-0">
        <a href={url} target="_blank" rel="noopener noreferrer" className="inline-block">
          <img src={url} alt="" width={320} height={200} loading="lazy" className="h-auto w-80 max-w-full rounded-md border border-slate-200" data-testid="submission-site-screenshot" />
        </a>
      </dd>
    </div>
  );
}

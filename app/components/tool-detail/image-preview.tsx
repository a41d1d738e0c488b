import { useRef } from "react";
import { useT } from "~/i18n/translator";
import type { DetailImage } from "~/.server/resolve/types";
import { useImageFailure } from "~/lib/image-fallback";

function Picture({
  image,
  alt,
  className,
  eager,
  imageProps,
}: {
  image: DetailImage;
  alt: string;
  className: string;
  eager?: boolean;
  imageProps?: ReturnType<typeof useImageFailure>["imageProps"];
}) {
  return (
    <picture>
      {image.webpUrl ? <source srcSet={image.webpUrl} type="image/webp" /> : null}
      <img
        {...imageProps}
        src={image.url}
        alt={alt}
        className={className}
        width={1200}
        height={675}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        {...(eager ? { fetchPriority: "high" as const } : {})}
      />
    </picture>
  );
}

/** The tool's image; activating it opens an enlarged view in a modal dialog (Escape or the close button shut it). */
export function ImagePreview({ image, name }: { image: DetailImage | undefined; name: string }) {
  const t = useT("tools");
  const dialog = useRef<HTMLDialogElement>(null);
  // A missing or broken file shows the initial instead of a broken-image icon.
  const { failed, imageProps } = useImageFailure();
  if (!image || failed) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-gradient-to-br from-brand-50 to-slate-100 text-5xl font-bold text-brand-700" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </div>
    );
  }
  const alt = t("detail.imageAlt", { name });
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="group block w-full overflow-hidden rounded-xl border border-slate-200 bg-white"
        aria-haspopup="dialog"
        data-testid="image-preview"
      >
        <Picture image={image} alt={alt} eager imageProps={imageProps} className="aspect-[16/10] w-full bg-slate-50 object-contain transition group-hover:scale-[1.02]" />
        <span className="block border-t border-slate-100 py-1.5 text-center text-sm text-slate-600">{t("detail.enlargeImage")}</span>
      </button>
      <dialog
        ref={dialog}
        aria-label={alt}
        className="m-auto max-h-[95vh] max-w-[95vw] rounded-xl bg-white p-2 backdrop:bg-slate-900/80"
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside the picture) closes it.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <form method="dialog" className="flex justify-end">
          <button type="submit" className="rounded-lg px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100" data-testid="close-preview">
            {t("detail.closePreview")}
          </button>
        </form>
        <Picture image={image} alt={alt} className="max-h-[85vh] w-auto max-w-full object-contain" />
      </dialog>
    </>
  );
}

import { useId, useState } from "react";
import { IMAGE_MAX_BYTES } from "~/lib/submissions";
import { useT } from "~/i18n/translator";

export interface UploadedImage {
  image_url: string;
  image_webp_url: string;
}

/**
 * The tool image: checked here first (an image type, at most 5 MB: spec 5),
 * then uploaded at once, where the server reads the type from the bytes and
 * re-encodes the picture; the preview shows what was stored.
 */
export function ImageField({
  value,
  current,
  onChange,
}: {
  value: UploadedImage | null;
  /** The listed tool's image (update form), shown until a new one is uploaded. */
  current?: string | null;
  onChange: (image: UploadedImage | null) => void;
}) {
  const t = useT("account");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    setError(null);
    if (!file.type.startsWith("image/")) return setError(t("submit.errors.imageNotImage"));
    if (file.size > IMAGE_MAX_BYTES) return setError(t("submit.errors.imageTooLarge"));
    setBusy(true);
    try {
      const body = new FormData();
      body.set("image", file);
      const response = await fetch("/api/upload/tool-image", { method: "POST", body, credentials: "same-origin" });
      const json = (await response.json().catch(() => null)) as { data?: UploadedImage; error?: { code?: string } } | null;
      if (response.ok && json?.data) onChange(json.data);
      else {
        const code = json?.error?.code;
        setError(t(code === "imageNotImage" || code === "imageTooLarge" ? `submit.errors.${code}` : "submit.errors.uploadFailed"));
      }
    } catch {
      setError(t("submit.errors.uploadFailed"));
    } finally {
      setBusy(false);
    }
  }

  const preview = value?.image_webp_url ?? value?.image_url ?? current ?? null;
  const inputId = useId();
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">{t("submit.fields.image")}</label>
      <div className="mt-1 flex items-start gap-4">
        <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
          {preview ? <img src={preview} alt="" className="h-full w-full object-contain" data-testid="image-preview" /> : <span className="text-xs text-slate-600">{t("submit.noImage")}</span>}
        </div>
        <div className="min-w-0 flex-1 text-sm">
          <input
            id={inputId}
            type="file"
            accept="image/*"
            data-testid="image-input"
            aria-describedby="image-help"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
              event.target.value = "";
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
          />
          <p id="image-help" className="mt-1 text-xs text-slate-500">{busy ? t("submit.uploading") : t("submit.imageHelp")}</p>
          {value ? (
            <button type="button" className="mt-1 text-xs font-medium text-red-600 hover:underline" onClick={() => onChange(null)}>
              {t("submit.removeImage")}
            </button>
          ) : null}
          {error ? (
            <p role="alert" className="mt-1 text-sm text-red-600" data-testid="image-error">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

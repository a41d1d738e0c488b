import { requireUser } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk, readBodyBytes } from "~/.server/http/json-api";
import { consumeRateLimit } from "~/.server/rate-limit";
import { ImageRefused, storeToolImage } from "~/.server/uploads/tool-image";
import { postEndpoint, postOnly, translatedError } from "~/.server/user-area/messages";
import { IMAGE_MAX_BYTES } from "~/lib/submissions";
import type { Route } from "./+types/api.upload.tool-image";

/**
 * POST /api/upload/tool-image (multipart field `image`; messages in the page's language): the submit
 * form's picture, checked by content and re-encoded (uploads/tool-image.ts);
 * answers {data: {image_url, image_webp_url}} with the public URLs.
 */
const UPLOADS_PER_HOUR = { limit: 30, windowMs: 60 * 60 * 1000 };
/** Room for the multipart envelope around a file of the maximum size. */
const ENVELOPE = 64 * 1024;

export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  return postEndpoint(request, async () => {
    const user = await requireUser(request, "api");
    const type = request.headers.get("content-type") ?? "";
    if (!type.startsWith("multipart/form-data")) return jsonError(415, "unsupported_media_type", "Send the image as multipart/form-data.");
    const language = new URL(request.headers.get("referer") ?? request.url).pathname.split("/")[1];
    let bytes: Buffer;
    try {
      bytes = await readBodyBytes(request, IMAGE_MAX_BYTES + ENVELOPE);
    } catch (error) {
      if (error instanceof Response && error.status === 413) return translatedError(413, "imageTooLarge", language);
      throw error;
    }
    const limit = await consumeRateLimit(getDb(), `upload:user:${user.id}`, UPLOADS_PER_HOUR);
    if (!limit.allowed) return translatedError(429, "rateLimited", language, { retryAfterSeconds: limit.retryAfterSeconds });
    let file: FormDataEntryValue | null;
    try {
      file = (await new Response(new Uint8Array(bytes), { headers: { "content-type": type } }).formData()).get("image");
    } catch {
      return jsonError(400, "invalid_form", "The body is not a valid multipart form.");
    }
    if (!(file instanceof File)) return translatedError(400, "imageNotImage", language);
    try {
      const stored = await storeToolImage(Buffer.from(await file.arrayBuffer()));
      return jsonOk({ data: { image_url: stored.image_url, image_webp_url: stored.image_webp_url } }, { status: 201 });
    } catch (error) {
      if (error instanceof ImageRefused) {
        return translatedError(error.reason === "tooLarge" ? 413 : 400, error.reason === "tooLarge" ? "imageTooLarge" : "imageNotImage", language);
      }
      throw error;
    }
  });
}

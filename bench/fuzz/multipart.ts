/**
 * Malformed multipart bodies for the upload endpoint (POST /api/upload/tool-image, field `image`):
 * broken envelopes, lying boundaries, files that are not what they claim, and pictures whose header
 * promises more pixels than any server should decode. Sent with a session and the site's own
 * Origin, so they reach the multipart parser and the image checks, not only the sign-in guard.
 */
type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A GIF whose logical screen claims 65535 x 65535 pixels in 30-odd bytes. */
function gifBomb(): Buffer {
  const header = Buffer.from("GIF89a", "latin1");
  const screen = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]);
  const image = Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]);
  return Buffer.concat([header, screen, image]);
}

/** A PNG header with a 100000 x 100000 IHDR and no image data. */
function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write("IHDR", 4, "latin1");
  ihdr.writeUInt32BE(100_000, 8);
  ihdr.writeUInt32BE(100_000, 12);
  ihdr.writeUInt8(8, 16);
  ihdr.writeUInt8(2, 17);
  return Buffer.concat([PNG_MAGIC, ihdr]);
}

const FILES: Array<() => { name: string; type: string; bytes: Buffer }> = [
  () => ({ name: "logo.png", type: "image/png", bytes: Buffer.concat([PNG_MAGIC, Buffer.alloc(200, 0x41)]) }),
  () => ({ name: "bomb.gif", type: "image/gif", bytes: gifBomb() }),
  () => ({ name: "bomb.png", type: "image/png", bytes: pngBomb() }),
  () => ({ name: "x.png", type: "image/png", bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>") }),
  () => ({ name: "../../../etc/passwd", type: "image/png", bytes: Buffer.alloc(0) }),
  () => ({ name: "a\u0000b.png", type: "image/jpeg", bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]) }),
  () => ({ name: "%00.webp", type: "image/webp", bytes: Buffer.concat([Buffer.from("RIFF\u00ff\u00ff\u00ff\u00ffWEBPVP8 ", "latin1"), Buffer.alloc(64, 0xff)]) }),
  () => ({ name: "big.png", type: "image/png", bytes: Buffer.concat([PNG_MAGIC, Buffer.alloc(200_000, 0x00)]) }),
];

function part(boundary: string, headers: string[], body: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(`--${boundary}\r\n${headers.join("\r\n")}\r\n\r\n`, "latin1"), Buffer.isBuffer(body) ? body : Buffer.from(body), Buffer.from("\r\n")]);
}

const fileHeaders = (file: { name: string; type: string }) => [`Content-Disposition: form-data; name="image"; filename="${file.name}"`, `Content-Type: ${file.type}`];

/** One malformed (or merely hostile) multipart body and the Content-Type it is sent with. */
export function multipartBody(rand: Rand): { contentType: string; body: Buffer; variant: string } {
  const boundary = pick(rand, ["x", "----fuzz", "a".repeat(200), "\"quoted\"", "b\u00e9", "--"]);
  const file = pick(rand, FILES)();
  const good = (extra: Buffer[] = []) => Buffer.concat([part(boundary, fileHeaders(file), file.bytes), ...extra, Buffer.from(`--${boundary}--\r\n`)]);
  const type = `multipart/form-data; boundary=${boundary}`;
  switch (Math.floor(rand() * 9)) {
    case 0:
      return { variant: "file", contentType: type, body: good() };
    case 1:
      return { variant: "no-closing-boundary", contentType: type, body: part(boundary, fileHeaders(file), file.bytes) };
    case 2:
      return { variant: "other-boundary", contentType: "multipart/form-data; boundary=declared", body: good() };
    case 3:
      return { variant: "no-boundary", contentType: "multipart/form-data", body: good() };
    case 4:
      return { variant: "long-part-header", contentType: type, body: Buffer.concat([part(boundary, [...fileHeaders(file), `X-Long: ${"h".repeat(16_000)}`], file.bytes), Buffer.from(`--${boundary}--\r\n`)]) };
    case 5:
      return { variant: "many-parts", contentType: type, body: good(Array.from({ length: 3000 }, (_, i) => part(boundary, [`Content-Disposition: form-data; name="f${i}"`], "v"))) };
    case 6:
      return { variant: "text-field", contentType: type, body: Buffer.concat([part(boundary, ['Content-Disposition: form-data; name="image"'], file.bytes), Buffer.from(`--${boundary}--\r\n`)]) };
    case 7:
      return { variant: "bad-disposition", contentType: type, body: Buffer.concat([part(boundary, ["Content-Disposition: form-data; name=image; filename*=UTF-8''%E0%A4%A", "Content-Type: image/png"], file.bytes), Buffer.from(`--${boundary}--\r\n`)]) };
    default:
      return { variant: "truncated", contentType: type, body: good().subarray(0, Math.floor(rand() * 300)) };
  }
}

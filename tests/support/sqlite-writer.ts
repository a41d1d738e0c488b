// Child process for the SQLite concurrency test: read-then-write transactions in a loop.
import { createDatabase } from "~/.server/db";
import { nowIso } from "~/.server/db/values";

const [file, label, countText] = process.argv.slice(2);
const db = createDatabase({ database: { kind: "sqlite", path: file! } });
for (let i = 0; i < Number(countText); i++) {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("tools").select("id").limit(1).execute();
    await new Promise((resolve) => setTimeout(resolve, 2));
    await trx
      .insertInto("tools")
      .values({ slug: `${label}-${i}`, website_url: "https://x.example", pricing: "free", updated_at: nowIso(), image_url: null, image_webp_url: null, preview_url: null, preview_webp_url: null, manual_priority: null })
      .execute();
  });
}
await db.destroy();

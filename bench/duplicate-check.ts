// What a submission's duplicate check costs on a large catalogue, in one process (no HTTP load):
//   node --import tsx bench/duplicate-check.ts DATABASE_URL [--runs 40]
// (PostgreSQL: DATABASE_SCHEMA names the schema). Reads only; does not migrate. Times `findDuplicate` for
// websites of listed tools written another way (`www.`, upper case, a tracking parameter: found) and for
// websites no tool has (not found: the case that read the whole tools table before the indexed host column).
import { parseArgs } from "node:util";
import { parseConfig } from "../app/.server/config";
import { createDatabase } from "../app/.server/db";
import { findDuplicate } from "../app/.server/submissions/queries";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: "string", default: "40" } } });
if (!positionals[0]) {
  console.error("usage: node --import tsx bench/duplicate-check.ts DATABASE_URL [--runs 40]");
  process.exit(2);
}
const config = parseConfig({ ...process.env, DATABASE_URL: positionals[0] });
const db = createDatabase({ database: config.database, pgSchema: config.DATABASE_SCHEMA });
const runs = Number(values.runs);
const total = Number((await db.selectFrom("tools").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
const step = Math.max(1, Math.floor(total / runs));
const listed = await db.selectFrom("tools").select(["id", "website_url"]).where("status", "=", "published").orderBy("id").execute();
const picked = Array.from({ length: runs }, (_, i) => listed[(i * step) % listed.length]!.website_url);
const variant = (url: string) => {
  const parsed = new URL(url);
  return `http://www.${parsed.hostname.toUpperCase()}${parsed.pathname}?utm_source=bench`;
};

async function timeAll(label: string, urls: string[], expectFound: boolean): Promise<void> {
  const times: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const found = await findDuplicate(db, url, "duplicate-check-bench");
    times.push(performance.now() - started);
    if (Boolean(found) !== expectFound) throw new Error(`${url}: expected ${expectFound ? "a duplicate" : "none"}, got ${JSON.stringify(found)}`);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(28)} ${urls.length} checks: median ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`);
}

console.log(`${config.database.kind}, ${total} tools`);
await findDuplicate(db, "https://warm-up.example.org", "duplicate-check-bench");
await timeAll("listed (www/case/utm)", picked.map(variant), true);
await timeAll("not listed", picked.map((_, i) => `https://not-listed-${i}.example.org/`), false);
await db.destroy();

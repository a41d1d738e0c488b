// npm run catalog:synth -- --tools 100000 [--ecommerce N] [--database URL] [--seed N] [--categories FILE]
// Fills a database with a deterministic synthetic catalogue for benchmarks. Replaces earlier
// synthetic tools (slugs starting with "synth-"); real catalogue rows stay untouched.
import { parseArgs } from "node:util";
import { openDatabase, progressBar } from "../app/.server/catalog/cli";
import { synthesizeCatalog } from "../app/.server/catalog/synth";
import { synthesizeEcommerce } from "../app/.server/catalog/synth-ecommerce";

const { values } = parseArgs({
  options: {
    tools: { type: "string", default: "1000" },
    database: { type: "string" },
    seed: { type: "string", default: "20250820" },
    categories: { type: "string", default: "seed/catalog/categories.json" },
    // Synthetic e-commerce tools as well (0: none; their own module, linked to the e-commerce taxonomy).
    ecommerce: { type: "string", default: "0" },
  },
});
const tools = Number(values.tools);
const seed = Number(values.seed);
const ecommerce = Number(values.ecommerce);
if (!Number.isInteger(tools) || tools < 0 || !Number.isInteger(seed) || !Number.isInteger(ecommerce) || ecommerce < 0 || tools + ecommerce < 1) {
  console.error("usage: npm run catalog:synth -- --tools N [--ecommerce N] [--database URL] [--seed N] [--categories FILE]");
  process.exit(2);
}

const started = Date.now();
const db = await openDatabase(values.database);
const bar = progressBar("Generating");
bar.start(tools);
let reported = 0;
try {
  const totals = await synthesizeCatalog(db, {
    tools,
    seed,
    categoriesFile: values.categories,
    onProgress: (done) => {
      for (; reported < done; reported++) bar.tick();
    },
  });
  bar.stop();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${totals.tools} tools, ${totals.translations} translations, ${totals.links} category links in ${seconds} s.`);
  if (ecommerce > 0) {
    const shop = await synthesizeEcommerce(db, { tools: ecommerce, seed });
    console.log(`${shop.tools} e-commerce tools, ${shop.links} links in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} finally {
  bar.stop();
  await db.destroy();
}

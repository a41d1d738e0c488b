import type { Request, Response } from "express";
import { getDb } from "../app/.server/db";
import { answerAutocomplete } from "../app/.server/tools/autocomplete";
import { AUTOCOMPLETE_SCOPES } from "../app/.server/catalog/scopes";
import { checkCatalogFreshness, onCatalogChange } from "../app/.server/tools/cache";
import { ByteBoundedMap } from "./byte-bounded-map";

/**
 * Answers already given, as JSON text, by address (term and language): everybody typing "chatgpt" asks for "c",
 * "ch" and "cha" first, so the short prefixes are asked for over and over. Dropped when the catalogue
 * changes; the least recently asked go first once they hold MAX_ANSWER_BYTES.
 */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const answers = new ByteBoundedMap<string>(MAX_ANSWER_BYTES, (json) => json.length * 2);
// Suggestions show names only, so a new rating or an e-commerce change leaves them as they are.
onCatalogChange(() => answers.clear(), AUTOCOMPLETE_SCOPES);

/** `/api/autocomplete`, answered before the page renderer: it runs on every keystroke of the search box. */
export async function autocompleteEndpoint(req: Request, res: Response): Promise<void> {
  const started = performance.now();
  // Writes by another process clear the answers too (through the catalogue's change listeners).
  checkCatalogFreshness(getDb());
  // Keyed by the whole address: the search box asks for the same term with the same address every time.
  const key = req.originalUrl;
  // Most recently asked last, so the least asked go first.
  let json = answers.getRecent(key);
  if (json === undefined) {
    const answer = await answerAutocomplete(getDb(), new URL(req.originalUrl, "http://localhost").searchParams);
    if (answer.status !== 200) {
      res.setHeader("Server-Timing", `search;dur=${answer.serverMs.toFixed(2)}`);
      res.status(answer.status).json(answer.body);
      return;
    }
    json = JSON.stringify(answer.body);
    // Right after a change the previous index answers until the new one is built: such answers are not kept.
    if (answer.current) answers.set(key, json);
  }
  res.setHeader("Server-Timing", `search;dur=${(performance.now() - started).toFixed(2)}`);
  res.setHeader("Cache-Control", "public, max-age=60, stale-while-revalidate=300");
  res.type("application/json").send(json);
}

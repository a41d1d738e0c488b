import type { Request, Response } from "express";
import { getDb } from "../app/.server/db";
import { answerAutocomplete } from "../app/.server/tools/autocomplete";

/** `/api/autocomplete`, answered before the page renderer: it runs on every keystroke of the search box. */
export async function autocompleteEndpoint(req: Request, res: Response): Promise<void> {
  const answer = await answerAutocomplete(getDb(), new URL(req.originalUrl, "http://localhost").searchParams);
  res.setHeader("Server-Timing", `search;dur=${answer.serverMs.toFixed(2)}`);
  if (answer.status === 200) res.setHeader("Cache-Control", "public, max-age=60, stale-while-revalidate=300");
  res.status(answer.status).json(answer.body);
}

import { getConfig, type Config } from "../config";
import { getLogger } from "../logger";
import { contentFromPage, extractPageFacts, type GeneratedContent } from "./extract";
import { generateWithLlm, llmConfigured, LlmFailed } from "./llm";
import { safeFetchPage } from "./safe-fetch";

export { FetchRefused } from "./safe-fetch";
export { LlmFailed } from "./llm";

export interface GenerateInput {
  name: string;
  websiteUrl: string;
  description: string;
  language: string;
}

export interface GenerateResult extends GeneratedContent {
  /** "llm" when a chat model wrote it, "page" when it was taken from the page's own metadata. */
  source: "llm" | "page";
}

/**
 * Spec 7.1 AI generation: read the tool's website through the SSRF-safe
 * fetcher, then ask the configured chat model; with no model configured the
 * fields come from the page's title, description and headings.
 * Throws FetchRefused (the website) or LlmFailed (the model).
 */
export async function generateToolContent(input: GenerateInput, config: Config = getConfig()): Promise<GenerateResult> {
  const page = await safeFetchPage(input.websiteUrl, { allowHosts: config.fetchAllowHosts });
  const facts = extractPageFacts(page.html);
  if (!llmConfigured(config)) return { ...contentFromPage(facts, input.name), source: "page" };
  try {
    const content = await generateWithLlm(config, { name: input.name, websiteUrl: page.url, draft: input.description, language: input.language, facts });
    return { ...content, source: "llm" };
  } catch (error) {
    if (error instanceof LlmFailed) getLogger().warn({ err: error.message, url: page.url }, "AI generation failed");
    throw error;
  }
}


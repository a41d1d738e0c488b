import OpenAI from "openai";
import { z } from "zod";
import { DESCRIPTION_MAX, LINE_MAX, LINES_MAX, TAGS_MAX } from "~/lib/submissions";
import type { Config } from "../config";
import { cut, type GeneratedContent, type PageFacts } from "./extract";

/**
 * Asks an OpenAI-compatible chat API (OpenAI, DeepSeek, Qwen, a local Ollama:
 * base URL, key and model come from the config) for the listing as JSON, and
 * validates the answer: a model that answers in another shape is a failure,
 * never half a form.
 */
export class LlmFailed extends Error {}

/** Languages named in the prompt, so the model writes in the form's language. */
const LANGUAGE_NAMES: Record<string, string> = {
  "us-en": "English",
  "zh-CN": "Simplified Chinese",
  "zh-TW": "Traditional Chinese",
  ko: "Korean",
  ja: "Japanese",
  pt: "Portuguese",
  es: "Spanish",
  de: "German",
  fr: "French",
  vi: "Vietnamese",
};

const list = z.array(z.string()).catch([]);
const answerSchema = z.object({
  description: z.string().min(1),
  features: list,
  use_cases: list.optional(),
  useCases: list.optional(),
  tags: list,
});

export function llmConfigured(config: Config): boolean {
  return Boolean(config.LLM_BASE_URL || config.LLM_API_KEY);
}

const lines = (values: string[], max: number, each: number) =>
  values.map((v) => cut(v.replace(/\s+/g, " "), each)).filter(Boolean).slice(0, max);

/** Parses the model's reply (tolerating a Markdown code fence) and trims it to the form's limits. */
export function parseLlmAnswer(reply: string): GeneratedContent {
  const json = /```(?:json)?\s*([\s\S]*?)```/.exec(reply)?.[1] ?? reply;
  let value: unknown;
  try {
    value = JSON.parse(json.slice(json.indexOf("{"), json.lastIndexOf("}") + 1));
  } catch {
    throw new LlmFailed("the model did not answer with JSON");
  }
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) throw new LlmFailed(`the model's JSON has the wrong shape: ${parsed.error.issues[0]?.message}`);
  const answer = parsed.data;
  return {
    description: cut(answer.description, DESCRIPTION_MAX),
    features: lines(answer.features, LINES_MAX, LINE_MAX),
    use_cases: lines(answer.use_cases ?? answer.useCases ?? [], LINES_MAX, LINE_MAX),
    tags: lines(answer.tags, TAGS_MAX, 40),
  };
}

export interface LlmInput {
  name: string;
  websiteUrl: string;
  draft: string;
  language: string;
  facts: PageFacts;
}

export async function generateWithLlm(config: Config, input: LlmInput): Promise<GeneratedContent> {
  const client = new OpenAI({
    baseURL: config.LLM_BASE_URL,
    // Local servers (Ollama) need no key, but the SDK insists on one.
    apiKey: config.LLM_API_KEY || "not-needed",
    timeout: config.LLM_TIMEOUT_MS,
    maxRetries: 1,
  });
  const language = LANGUAGE_NAMES[input.language] ?? "English";
  const page = [
    `Page title: ${input.facts.title}`,
    `Meta description: ${input.facts.description}`,
    `Headings: ${input.facts.headings.join(" | ")}`,
    `Page text: ${input.facts.text}`,
  ].join("\n");
  let reply: string | null | undefined;
  try {
    const completion = await client.chat.completions.create({
      model: config.LLM_MODEL,
      temperature: 0.3,
      response_format: { type: "json_object" },
      messages: [
        {
          role: "system",
          content:
            `You write listings for a directory of AI tools. Reply with one JSON object only: ` +
            `{"description": string (at most ${DESCRIPTION_MAX} characters), "features": string[] (3-6 short items), ` +
            `"use_cases": string[] (3-5 short items), "tags": string[] (3-8 short tags)}. ` +
            `Write every value in ${language}. Use only facts found in the page; do not invent prices or numbers.`,
        },
        {
          role: "user",
          content: `Tool name: ${input.name}\nWebsite: ${input.websiteUrl}\nThe submitter's own description: ${input.draft || "(none)"}\n\n${page}`,
        },
      ],
    });
    reply = completion.choices[0]?.message?.content;
  } catch (error) {
    throw new LlmFailed(`the chat API failed: ${(error as Error).message}`);
  }
  if (!reply) throw new LlmFailed("the model returned no text");
  return parseLlmAnswer(reply);
}

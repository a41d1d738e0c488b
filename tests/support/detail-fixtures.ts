import type { DB } from "~/.server/db";
import { nowIso, toJson } from "~/.server/db/values";

type ToolText = {
  name: string;
  subtitle?: string;
  description?: string;
  features?: string[];
  use_cases?: string[];
  faq?: Array<{ question: string; answer: string }>;
  tags?: string[];
};

export interface FixtureTool {
  slug: string;
  rating?: number;
  review_count?: number;
  pricing?: string;
  image_url?: string | null;
  status?: string;
  category?: string;
  translations: Record<string, ToolText>;
}

async function categoryId(db: DB, slug: string, names: Record<string, string>): Promise<number> {
  const existing = await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await db
    .insertInto("categories")
    .values({ slug, icon_name: "sparkles", color: "#4f46e5", updated_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [language, name] of Object.entries(names)) {
    await db.insertInto("category_translations").values({ category_id: id, language, name, description: null }).execute();
  }
  return id;
}

export async function insertTool(db: DB, tool: FixtureTool): Promise<number> {
  const { id } = await db
    .insertInto("tools")
    .values({
      slug: tool.slug,
      website_url: `https://${tool.slug}.example.com/`,
      image_url: tool.image_url === undefined ? `/uploads/tools/${tool.slug}.png` : tool.image_url,
      pricing: tool.pricing ?? "freemium",
      rating: tool.rating ?? 4.5,
      review_count: tool.review_count ?? 12,
      status: tool.status ?? "published",
      updated_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [language, text] of Object.entries(tool.translations)) {
    await db
      .insertInto("tool_translations")
      .values({
        tool_id: id,
        language,
        name: text.name,
        subtitle: text.subtitle ?? null,
        description: text.description ?? null,
        long_description: null,
        features: toJson(text.features ?? []),
        use_cases: toJson(text.use_cases ?? []),
        faq: toJson(text.faq ?? []),
        tags: toJson(text.tags ?? []),
        updated_at: nowIso(),
      })
      .execute();
  }
  const catId = await categoryId(db, tool.category ?? "chatbot-virtual-companions", {
    "us-en": "Chatbots & Virtual Companions",
    "zh-CN": "聊天机器人与虚拟伴侣",
  });
  await db.insertInto("tool_categories").values({ tool_id: id, category_id: catId, position: 0 }).execute();
  return id;
}

export async function insertCaseStudy(
  db: DB,
  slug: string,
  translations: Record<string, { title: string; subtitle?: string; description?: string; challenges?: string[]; results?: string[] }>,
  rating: number | null = null,
): Promise<void> {
  const { id } = await db
    .insertInto("case_studies")
    .values({ slug, cover_image: `/uploads/case-studies/${slug}.png`, website_url: "https://example.com/", rating, publish_date: "2026-03-02", read_time: 6, updated_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [language, t] of Object.entries(translations)) {
    await db
      .insertInto("case_study_translations")
      .values({
        case_study_id: id,
        language,
        title: t.title,
        subtitle: t.subtitle ?? null,
        description: t.description ?? null,
        tags: "[]",
        features: "[]",
        use_cases: "[]",
        benefits: "[]",
        challenges: toJson(t.challenges ?? []),
        solutions: "[]",
        results: toJson(t.results ?? []),
      })
      .execute();
  }
}

export async function insertEcommerceTool(db: DB, slug: string, name: string): Promise<void> {
  await db
    .insertInto("ecommerce_tools")
    .values({
      slug,
      name,
      description: `${name} keeps marketplace listings, stock & prices in sync.`,
      website_url: `https://${slug}.example.com/`,
      pricing: "paid",
      features: toJson(["Listing sync", "Repricing"]),
      pros: toJson(["Fast setup"]),
      cons: toJson(["No free plan"]),
      rating: 4.2,
      review_count: 8,
      updated_at: nowIso(),
    })
    .execute();
}

/** The catalogue the detail/SEO tests expect: a bilingual ChatGPT, an English-only tool, a case study, an e-commerce tool. */
export async function insertDetailCatalogue(db: DB): Promise<void> {
  await insertTool(db, {
    slug: "chatgpt",
    rating: 4.8,
    review_count: 2150,
    translations: {
      "us-en": {
        name: "ChatGPT",
        subtitle: "Conversational assistant",
        description: "OpenAI's conversational assistant for writing & analysis <fast>.",
        features: ["File uploads", "Voice conversations"],
        use_cases: ["Drafting e-mails"],
        faq: [
          { question: "Is ChatGPT free?", answer: "There is a free plan with limits." },
          { question: "Does it keep my chats?", answer: "Only when memory is turned on." },
        ],
        tags: ["chatbot", "writing"],
      },
      "zh-CN": {
        name: "ChatGPT 中文",
        description: "OpenAI 推出的对话式助手，可用于写作与分析。",
        features: ["上传文件", "语音对话"],
        tags: ["聊天机器人"],
      },
    },
  });
  await insertTool(db, {
    slug: "claude",
    review_count: 0,
    rating: 0,
    translations: { "us-en": { name: "Claude", description: "Anthropic's assistant for long documents." } },
  });
  await insertCaseStudy(db, "support-team-automation", {
    "us-en": { title: "How a support team answered twice as fast", subtitle: "Support automation", description: "A team of five cut reply times.", challenges: ["Slow replies"], results: ["Replies in half the time"] },
    "zh-CN": { title: "客服团队如何将回复速度提高一倍", challenges: ["回复慢"] },
  });
  await insertEcommerceTool(db, "listing-sync", "Listing Sync & Co");
}

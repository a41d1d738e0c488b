import type { DB } from "~/.server/db";
import { submissionSlug, type SubmitPayload, type UpdatePayload } from "~/lib/submissions";

/**
 * Rows in the shapes the submit form stores (`app/lib/submissions.ts`), for
 * tests of the review side: a user, their submissions and ad requests.
 */
let counter = 0;

export async function insertUser(db: DB, dialect: "sqlite" | "postgres", email: string, name = ""): Promise<string> {
  const id = `user-${Date.now().toString(36)}-${++counter}`;
  const now = new Date().toISOString();
  await db
    .insertInto("user")
    .values({ id, name, email, emailVerified: dialect === "postgres" ? false : 0, image: null, createdAt: now, updatedAt: now, lastLoginMethod: "email" })
    .execute();
  return id;
}

export function submitPayload(overrides: Partial<SubmitPayload> = {}): SubmitPayload {
  const name = overrides.name ?? "Quill Draftsmith";
  return {
    name,
    slug: submissionSlug(name),
    website_url: "https://quill-draftsmith.example.com",
    description: "Drafts long-form articles from an outline and keeps the author's tone.",
    category: "text-generation-editing",
    pricing: "freemium",
    tags: ["AI Writing", "Productivity"],
    features: ["Outline to draft", "Tone matching"],
    use_cases: ["Blog posts", "Newsletters"],
    contact_email: "maker@example.com",
    image_url: null,
    image_webp_url: null,
    language: "us-en",
    generated: false,
    ...overrides,
  };
}

export async function insertSubmission(db: DB, userId: string, payload: SubmitPayload, createdAt = new Date().toISOString()): Promise<number> {
  const row = await db
    .insertInto("submissions")
    .values({ user_id: userId, type: "submit", slug: payload.slug, payload: JSON.stringify(payload), created_at: createdAt, updated_at: createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertUpdateSubmission(db: DB, userId: string, toolId: number, payload: UpdatePayload): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("submissions")
    .values({ user_id: userId, type: "update", slug: payload.tool_slug, tool_id: toolId, payload: JSON.stringify(payload), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertAdRequest(db: DB, userId: string, toolName: string, contactEmail: string, language = "us-en"): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("ad_submissions")
    .values({ user_id: userId, tool_name: toolName, website_url: "https://ads.example.com", description: "Banner on the home page", budget: "500 USD", contact_email: contactEmail, contact_platform: "telegram", contact_handle: "@maker", language, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

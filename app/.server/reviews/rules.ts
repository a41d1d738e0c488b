import { z } from "zod";
import { LANGUAGES } from "~/i18n/languages";
import { getConfig } from "../config";
import { REVIEW_SUBJECTS } from "./figures";

/** What a review may hold (issue 34): the star, a title up to 120 characters, a text of 20 to 4,000, the page language. */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 4000;
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_SORTS = ["helpful", "newest", "rating"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Control characters other than line breaks and tabs never reach the page; text stays text (React escapes it). */
export const plainText = (value: string) => value.replace(/\r\n?/g, "\n").replace(/(?![\n\t])\p{Cc}/gu, "").trim();
const plain = plainText;
const slug = z.string().trim().min(1).max(200).regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, "not a slug");

export const reviewInput = z
  .object({
    subject: z.enum(REVIEW_SUBJECTS),
    slug,
    rating: z.number().int().min(1).max(5),
    title: z.string().max(REVIEW_TITLE_MAX * 2).transform(plain).pipe(z.string().min(1).max(REVIEW_TITLE_MAX)),
    body: z.string().max(REVIEW_BODY_MAX * 2).transform(plain).pipe(z.string().min(REVIEW_BODY_MIN).max(REVIEW_BODY_MAX)),
    language: z.enum(LANGUAGES),
  })
  .strict();
export type ReviewInput = z.infer<typeof reviewInput>;

export const reviewRemoval = z.object({ subject: z.enum(REVIEW_SUBJECTS), slug }).strict();
export const reviewListQuery = z.object({
  subject: z.enum(REVIEW_SUBJECTS),
  slug,
  lang: z.enum(LANGUAGES),
  sort: z.enum(REVIEW_SORTS).catch("helpful"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export const voteInput = z.object({ reviewId: z.number().int().positive(), helpful: z.boolean() }).strict();

/** A web address or a bare domain name anywhere in the text. */
const LINK = /(https?:\/\/|www\.|\b[\p{L}\p{N}-]+\.(com|net|org|io|ai|co|app|dev|xyz|info|biz|shop|store|site|online|me|ly|gg|cn|ru|de|fr|jp|kr|uk|us)\b)/iu;

export function containsLink(text: string): boolean {
  return LINK.test(text);
}

/** Whether a review waits for an administrator before it shows (REVIEW_APPROVAL). */
export function needsApproval(input: { title: string; body: string }, accountCreatedAt: string, now = Date.now()): boolean {
  const { REVIEW_APPROVAL: mode, REVIEW_NEW_ACCOUNT_HOURS: hours } = getConfig();
  if (mode === "none") return false;
  if (mode === "all") return true;
  if (containsLink(input.title) || containsLink(input.body)) return true;
  return now - Date.parse(accountCreatedAt) < hours * 3_600_000;
}

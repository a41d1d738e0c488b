import { z } from "zod";
import { REPORT_SUBJECTS } from "~/lib/reports";
import { plainText } from "../reviews/rules";

export { REPORT_SUBJECTS, type ReportSubject } from "~/lib/reports";
/** Why something is reported (issue 34). */
export const REPORT_REASONS = ["dead", "wrong", "spam", "offensive", "duplicate", "moved", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Reasons a visitor may pick; `moved` is filed by the link checker alone. */
export const VISITOR_REASONS = ["dead", "wrong", "spam", "offensive", "duplicate", "other"] as const;
export const REPORT_DETAILS_MAX = 1000;

const plain = plainText;

/** `slug` names a tool, e-commerce tool or case study; `reviewId` a review. */
export const reportInput = z
  .object({
    subject: z.enum(REPORT_SUBJECTS),
    slug: z.string().trim().min(1).max(200).regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, "not a slug").optional(),
    reviewId: z.number().int().positive().optional(),
    reason: z.enum(VISITOR_REASONS),
    details: z.string().max(REPORT_DETAILS_MAX * 2).transform(plain).pipe(z.string().max(REPORT_DETAILS_MAX)).default(""),
  })
  .strict()
  .refine((value) => (value.subject === "review" ? value.reviewId !== undefined : value.slug !== undefined), { message: "name the slug, or the reviewId of a review", path: ["slug"] });
export type ReportInput = z.infer<typeof reportInput>;

export const MODERATION_ACTIONS = ["dismiss", "hide_review", "publish_review", "discontinue", "unpublish"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const moderationInput = z
  .object({
    action: z.enum(MODERATION_ACTIONS),
    subject: z.enum(REPORT_SUBJECTS),
    subjectId: z.coerce.number().int().positive(),
    note: z.string().max(1000).optional(),
  })
  .strict();

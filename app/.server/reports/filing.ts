import { getConfig } from "../config";
import type { DB } from "../db";
import { AppError } from "../errors";
import { consumeRateLimit } from "../rate-limit";
import { fileReport, reportNotFound, reportSubjectId } from "./queries";
import type { ReportInput } from "./rules";

const HOUR = 3_600_000;

/**
 * A visitor's or user's report: counted against REPORTS_PER_HOUR per address (and per account when signed in),
 * then filed once per reporter and subject. The reporter is the account when signed in, else the address.
 */
export async function fileVisitorReport(db: DB, input: ReportInput, who: { userId: string | null; address: string }): Promise<boolean> {
  const rule = { limit: getConfig().REPORTS_PER_HOUR, windowMs: HOUR };
  const checks = [consumeRateLimit(db, `reports:address:${who.address}`, rule)];
  if (who.userId) checks.push(consumeRateLimit(db, `reports:user:${who.userId}`, rule));
  const results = await Promise.all(checks);
  const refused = results.find((r) => !r.allowed);
  if (refused) {
    throw new AppError("rate_limited", "You have sent many reports in the last hour. Thank you; please try again later.", { retryAfterSeconds: refused.retryAfterSeconds });
  }
  const subjectId = await reportSubjectId(db, input);
  if (subjectId === null) throw reportNotFound();
  return fileReport(db, {
    subject: input.subject,
    subjectId,
    reason: input.reason,
    details: input.details,
    reporter: who.userId ? `user:${who.userId}` : `address:${who.address}`,
  });
}

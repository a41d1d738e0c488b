import type { DB } from "../db";

export interface AdminOverview {
  pendingSubmissions: number;
  pendingAdRequests: number;
  publishedTools: number;
  users: number;
}

/** Counts the admin home shows next to the links to each screen. */
export async function getAdminOverview(db: DB): Promise<AdminOverview> {
  const [submissions, ads, tools, users] = await Promise.all([
    db.selectFrom("submissions").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow(),
    db.selectFrom("ad_submissions").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow(),
    db.selectFrom("tools").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "published").executeTakeFirstOrThrow(),
    db.selectFrom("user").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    pendingSubmissions: Number(submissions.n),
    pendingAdRequests: Number(ads.n),
    publishedTools: Number(tools.n),
    users: Number(users.n),
  };
}

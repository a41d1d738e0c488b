// What the in-process benches share (`rating-moves.ts`, `tool-change-orders.ts`, `tool-change-patch.ts`): a copy
// of an SQLite catalogue opened with a user to act as, and the longest stretch without a turn of the event loop.
import { createDatabase, type DB } from "../../app/.server/db";
import { nowIso } from "../../app/.server/db/values";

/** The database at `file` (a copy: the benches write into it) and a user `userId` in it, made if missing. */
export async function openCopyWithUser(file: string | undefined, usage: string, userId: string): Promise<{ db: DB; user: { id: string; email: string } }> {
  if (!file) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const db = createDatabase({ database: { kind: "sqlite", path: file.replace(/^file:/, "") } });
  const user = { id: userId, email: `${userId}@example.com` };
  const now = nowIso();
  await db
    .insertInto("user")
    .values({ id: user.id, name: user.id, email: user.email, emailVerified: 0, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { db, user };
}

/** Watches the gaps between turns of a 1 ms timer: `phase()` gives the longest since the last call, `stop()` ends it. */
export function stallWatch(): { phase: () => number; stop: () => number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
  }, 1);
  const phase = () => {
    const stall = Math.max(longest, performance.now() - last);
    longest = 0;
    return stall;
  };
  return {
    phase,
    stop: () => {
      clearInterval(timer);
      return phase();
    },
  };
}

/** The time of `work` and the longest stretch without a turn of the event loop meanwhile. */
export async function timed(work: () => Promise<unknown>): Promise<{ ms: number; longestStall: number }> {
  const watch = stallWatch();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  return { ms, longestStall: watch.stop() };
}

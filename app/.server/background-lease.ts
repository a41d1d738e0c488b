import type { DB } from "./db";

/**
 * A named lease in the database (`background_leases`): one statement takes it when it is free, expired
 * or already ours, so among several instances on one database only one runs the job at a time. The
 * lease expires by itself when its holder dies mid-job.
 */
export async function acquireLease(db: DB, name: string, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const row = await db
    .insertInto("background_leases")
    .values({ name, holder, expires_at: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, expires_at: now + ttlMs })
        .where((eb) => eb.or([eb("background_leases.expires_at", "<=", now), eb("background_leases.holder", "=", holder)])),
    )
    .returning("holder")
    .executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: DB, name: string, holder: string): Promise<void> {
  await db.updateTable("background_leases").set({ expires_at: 0 }).where("name", "=", name).where("holder", "=", holder).execute();
}

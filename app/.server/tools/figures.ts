import type { DB } from "../db";

/**
 * Moves the figures counter (migration 0017) inside the transaction that changed a tool's rating, review
 * count or favourite count, so other instances notice through the catalogue fingerprint and drop what
 * shows figures (`invalidateToolFigures`). Call it last in the transaction: on PostgreSQL the counter's
 * row stays locked until commit, and taking it last keeps every writer's lock order the same.
 */
export async function noteFiguresChanged(trx: DB): Promise<void> {
  await trx
    .updateTable("catalog_versions")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("name", "=", "figures")
    .execute();
}

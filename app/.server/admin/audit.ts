import type { Transaction } from "kysely";
import type { DB, Schema } from "../db";
import { nowIso, parseJson, toJson } from "../db/values";
import type { AuditAction, AuditEntity } from "~/lib/admin";

/**
 * The admin audit log: one append-only row per administrator action. Writes
 * happen inside the action's own transaction, so an action and its record
 * land together or not at all. Nothing here updates or deletes a row.
 */
export type FieldChange = { before: unknown; after: unknown };
export type FieldChanges = Record<string, FieldChange>;


export interface Actor {
  id: string;
  email: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  entityType: AuditEntity;
  entityId: string | number;
  changes?: FieldChanges;
  note?: string | null;
}

type Writer = DB | Transaction<Schema>;

export async function recordAudit(db: Writer, actor: Actor, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  const at = nowIso();
  await db
    .insertInto("admin_audit_log")
    .values(
      records.map((r) => ({
        actor_id: actor.id,
        actor_email: actor.email,
        action: r.action,
        entity_type: r.entityType,
        entity_id: String(r.entityId),
        changes: toJson(r.changes ?? {}),
        note: r.note ?? null,
        created_at: at,
      })),
    )
    .execute();
}

/** Only the fields whose value differs, as { before, after }. */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(before[field] ?? null) !== JSON.stringify(value ?? null)) changes[field] = { before: before[field] ?? null, after: value ?? null };
  }
  return changes;
}

export interface AuditFilter {
  action?: AuditAction;
  entityType?: AuditEntity;
  entityId?: string;
  actor?: string;
  page: number;
  pageSize: number;
}

export interface AuditEntry {
  id: number;
  actorId: string;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string;
  changes: FieldChanges;
  note: string | null;
  createdAt: string;
}

export async function listAudit(db: DB, filter: AuditFilter): Promise<{ data: AuditEntry[]; total: number }> {
  let query = db.selectFrom("admin_audit_log");
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.entityType) query = query.where("entity_type", "=", filter.entityType);
  if (filter.entityId) query = query.where("entity_id", "=", filter.entityId);
  if (filter.actor) query = query.where((eb) => eb.or([eb("actor_email", "=", filter.actor!.toLowerCase()), eb("actor_id", "=", filter.actor!)]));
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    data: rows.map((row) => ({
      id: Number(row.id),
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      changes: parseJson<FieldChanges>(row.changes, {}),
      note: row.note,
      createdAt: row.created_at,
    })),
  };
}

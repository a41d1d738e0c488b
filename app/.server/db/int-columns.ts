import type { Compilable, RawBuilder } from "kysely";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { getLogger } from "../logger";
import type { DB } from "./index";

/**
 * Reads made off SQLite's main connection. `readIntColumns`: reads that return many thousands of integer rows (a search's matches, a list order's ids) as one
 * Int32Array per selected column. On an SQLite file they run in a worker thread with its own read-only
 * connection: better-sqlite3 is synchronous, so a first search's 10-30 ms of index reads would otherwise
 * stop every other request for that long; in the worker they run beside page rendering, and the rows
 * come back as typed arrays instead of one object per row. WAL lets the worker read while the main
 * connection writes, and each statement sees every committed write. PostgreSQL already does the work in
 * its own process: there the query runs as usual. `readRowsInBackground`: a background job's long reads
 * (grouped counts over a day of page views), in a second worker of their own.
 */

/** Worker source (CommonJS, evaluated): one connection, statements kept by SQL text, columns as Int32Arrays. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
db.pragma("mmap_size = 268435456");
db.pragma("cache_size = -32768");
const statements = new Map();
parentPort.on("message", ({ id, sql, parameters, names, texts, floats }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql).raw();
      statements.set(sql, statement);
      if (statements.size > 100) statements.delete(statements.keys().next().value);
    }
    const rows = statement.all(...parameters);
    const selected = statement.columns().map((column) => column.name);
    // No names: the rows as they are (arrays of values), with the column names.
    if (!names) return parentPort.postMessage({ id, rows, selected });
    const at = names.map((name) => selected.indexOf(name));
    if (at.includes(-1)) throw new Error("the query selects " + selected.join(", ") + ", not " + names.join(", "));
    const columns = names.map(() => new Int32Array(rows.length));
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      for (let c = 0; c < columns.length; c++) columns[c][r] = row[at[c]];
    }
    // Text columns as one JSON text each: one string crosses to the main thread, not an object per row.
    const textColumns = (texts || []).map((name) => {
      const i = selected.indexOf(name);
      if (i < 0) throw new Error("the query selects " + selected.join(", ") + ", not " + name);
      return JSON.stringify(rows.map((row) => row[i]));
    });
    // Real columns as Float64Arrays, NaN for null.
    const floatColumns = (floats || []).map((name) => {
      const i = selected.indexOf(name);
      if (i < 0) throw new Error("the query selects " + selected.join(", ") + ", not " + name);
      const column = new Float64Array(rows.length);
      for (let r = 0; r < rows.length; r++) column[r] = rows[r][i] === null ? NaN : rows[r][i];
      return column;
    });
    parentPort.postMessage({ id, columns, texts: textColumns, floats: floatColumns }, [...columns, ...floatColumns].map((column) => column.buffer));
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Answer {
  columns?: Int32Array[];
  /** JSON texts of the asked text columns. */
  texts?: string[];
  floats?: Float64Array[];
  rows?: unknown[][];
  selected?: string[];
}

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** The worker itself failed (it could not start, or it stopped): the read can be made on the main thread. */
class WorkerUnavailable extends Error {}

/** Workers that failed this many times in a row are not started again: reads stay on the main thread. */
const MAX_FAILURES_IN_A_ROW = 3;

/** One worker per SQLite file handle, started on first use and stopped with the handle. */
export class SqliteColumnReader {
  #worker: Worker | undefined;
  #pending = new Map<number, Pending>();
  #nextId = 0;
  #closed = false;
  #failuresInARow = 0;

  constructor(private readonly file: string) {}

  get available(): boolean {
    return !this.#closed && this.#failuresInARow < MAX_FAILURES_IN_A_ROW;
  }

  async read(sql: string, parameters: readonly unknown[], names: readonly string[]): Promise<Int32Array[]> {
    return (await this.#ask(sql, parameters, names)).columns!;
  }

  /** Integer columns as Int32Arrays and text columns as lists of strings. */
  async readWithTexts(sql: string, parameters: readonly unknown[], names: readonly string[], texts: readonly string[]): Promise<{ columns: Int32Array[]; texts: string[][] }> {
    const answer = await this.#ask(sql, parameters, names, texts);
    return { columns: answer.columns!, texts: (answer.texts ?? []).map((json) => JSON.parse(json) as string[]) };
  }

  /** Integer columns as Int32Arrays and real ones as Float64Arrays (NaN for null). */
  async readWithFloats(sql: string, parameters: readonly unknown[], names: readonly string[], floats: readonly string[]): Promise<{ columns: Int32Array[]; floats: Float64Array[] }> {
    const answer = await this.#ask(sql, parameters, names, [], floats);
    return { columns: answer.columns!, floats: answer.floats ?? [] };
  }

  /** Every row of the query, as objects by column name. */
  async readRows<Row>(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
    const { rows = [], selected = [] } = await this.#ask(sql, parameters, undefined);
    return rows.map((values) => Object.fromEntries(selected.map((name, i) => [name, values[i]])) as Row);
  }

  #ask(sql: string, parameters: readonly unknown[], names: readonly string[] | undefined, texts?: readonly string[], floats?: readonly string[]): Promise<Answer> {
    if (this.#closed) return Promise.reject(new Error("the database is closed"));
    const worker = (this.#worker ??= this.#start());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, sql, parameters, names, texts, floats });
      // Only waiting reads keep the process alive.
      worker.ref();
    });
  }

  close(): void {
    this.#closed = true;
    void this.#worker?.terminate();
    this.#worker = undefined;
    for (const pending of this.#pending.values()) pending.reject(new Error("the database is closed"));
    this.#pending.clear();
  }

  #start(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve("better-sqlite3"), file: this.file },
    });
    worker.unref();
    worker.on("message", (message: Answer & { id: number; error?: string }) => {
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) worker.unref();
      this.#failuresInARow = 0;
      if (!pending) return;
      if (message.columns || message.rows) pending.resolve(message);
      else pending.reject(new Error(message.error ?? "read failed"));
    });
    // A worker that dies hands its waiting reads back to the main thread; the next read starts a new one.
    const fail = (reason: string) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      if (this.#closed) return;
      if (++this.#failuresInARow === MAX_FAILURES_IN_A_ROW) getLogger().warn("SQLite reads stay on the main thread: the read worker keeps failing");
      for (const pending of this.#pending.values()) pending.reject(new WorkerUnavailable(reason));
      this.#pending.clear();
    };
    worker.on("error", (error) => {
      getLogger().error({ err: error }, "the SQLite read worker failed");
      fail(error.message);
    });
    worker.on("exit", (code) => fail(`the SQLite read worker stopped (${code})`));
    return worker;
  }
}

const readers = new WeakMap<DB, SqliteColumnReader>();
const backgroundReaders = new WeakMap<DB, SqliteColumnReader>();

/**
 * Called by createDatabase for SQLite files (an in-memory database cannot be shared with a worker). The
 * background reader is a second worker for long reads of background jobs, so they never hold up a
 * request's reads queued on the first.
 */
export function registerColumnReader(db: DB, reader: SqliteColumnReader, background?: SqliteColumnReader): void {
  readers.set(db, reader);
  if (background) backgroundReaders.set(db, background);
}

/**
 * Rows of a long read made by a background job (the page-view rollups group a day's views, a second or
 * more at a million views): on an SQLite file in the background worker, so requests keep their turns on
 * the main thread meanwhile; on PostgreSQL (or without a worker) as any query.
 */
export async function readRowsInBackground<Row>(db: DB, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  return inWorkerOr(
    backgroundReaders.get(db),
    (reader) => reader.readRows<Row>(compiled.sql, compiled.parameters),
    async () => (await db.executeQuery<Row>(compiled)).rows,
  );
}

/** A read in the worker when there is one that works, else (or when it fails to run at all) on the main connection. */
async function inWorkerOr<T>(reader: SqliteColumnReader | undefined, inWorker: (reader: SqliteColumnReader) => Promise<T>, onMain: () => Promise<T>): Promise<T> {
  if (reader?.available) {
    try {
      return await inWorker(reader);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  return onMain();
}

/** The named integer columns of the query's rows, one Int32Array per name. */
export async function readIntColumns<Names extends readonly string[]>(
  db: DB,
  query: Compilable<unknown> | RawBuilder<unknown>,
  names: Names,
): Promise<{ [K in keyof Names]: Int32Array }> {
  // A raw query compiles against the database; a built one ignores the argument.
  const compiled = (query as RawBuilder<unknown>).compile(db);
  const columns = await inWorkerOr(
    readers.get(db),
    (reader) => reader.read(compiled.sql, compiled.parameters, names),
    async () => {
      const { rows } = await db.executeQuery<Record<string, unknown>>(compiled);
      return names.map((name) => Int32Array.from(rows, (row) => Number(row[name])));
    },
  );
  return columns as { [K in keyof Names]: Int32Array };
}

/**
 * The named integer columns (Int32Arrays) and real columns (Float64Arrays, NaN for null) of the query's rows:
 * a list order with the sort keys it was ordered by (`tools/figure-order.ts`), read as `readIntColumns` reads.
 */
export async function readNumberColumns<Ints extends readonly string[], Floats extends readonly string[]>(
  db: DB,
  query: Compilable<unknown>,
  ints: Ints,
  floats: Floats,
): Promise<{ ints: { [K in keyof Ints]: Int32Array }; floats: { [K in keyof Floats]: Float64Array } }> {
  const compiled = query.compile();
  const result = await inWorkerOr(
    readers.get(db),
    (reader) => reader.readWithFloats(compiled.sql, compiled.parameters, ints, floats),
    async () => {
      const { rows } = await db.executeQuery<Record<string, unknown>>(compiled);
      return {
        columns: ints.map((name) => Int32Array.from(rows, (row) => Number(row[name]))),
        floats: floats.map((name) => Float64Array.from(rows, (row) => (row[name] === null ? NaN : Number(row[name])))),
      };
    },
  );
  return { ints: result.columns as { [K in keyof Ints]: Int32Array }, floats: result.floats as { [K in keyof Floats]: Float64Array } };
}

interface ReadOptions {
  /**
   * A rebuild's read that no request waits for (the previous structure answers meanwhile): made in the background
   * worker, so the reads requests wait for (sort orders, a category's members) are not queued behind it.
   */
  rebuild?: boolean;
}

/**
 * The named integer columns (Int32Arrays) and text columns (string lists) of the query's rows: long lists of
 * names read off the main thread without one object per row (a 100k catalogue's names in list order).
 */
export async function readIntAndTextColumns<Ints extends readonly string[], Texts extends readonly string[]>(
  db: DB,
  query: Compilable<unknown> | RawBuilder<unknown>,
  ints: Ints,
  texts: Texts,
  { rebuild = false }: ReadOptions = {},
): Promise<{ ints: { [K in keyof Ints]: Int32Array }; texts: { [K in keyof Texts]: string[] } }> {
  // A raw query compiles against the database; a built one ignores the argument.
  const compiled = (query as RawBuilder<unknown>).compile(db);
  const background = rebuild ? backgroundReaders.get(db) : undefined;
  const result = await inWorkerOr(
    background?.available ? background : readers.get(db),
    (reader) => reader.readWithTexts(compiled.sql, compiled.parameters, ints, texts),
    async () => {
      const { rows } = await db.executeQuery<Record<string, unknown>>(compiled);
      return {
        columns: ints.map((name) => Int32Array.from(rows, (row) => Number(row[name]))),
        texts: texts.map((name) => rows.map((row) => String(row[name] ?? ""))),
      };
    },
  );
  return { ints: result.columns as { [K in keyof Ints]: Int32Array }, texts: result.texts as { [K in keyof Texts]: string[] } };
}

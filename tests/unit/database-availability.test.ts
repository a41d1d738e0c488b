import { describe, expect, it } from "vitest";
import { DatabaseAvailability, isConnectionFailure } from "~/.server/db/availability";
import { isRolledBackConflict } from "~/.server/db/transaction";

/** Decision 0021: which errors mean "the database connection is gone", and when the site counts the database as away. */
describe("database availability", () => {
  it("tells lost connections from failed statements", () => {
    const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });
    expect(isConnectionFailure(withCode("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isConnectionFailure(withCode("08006"))).toBe(true);
    expect(isConnectionFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionFailure(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isConnectionFailure(Object.assign(new AggregateError([withCode("ECONNREFUSED")]), { code: undefined }))).toBe(true);
    expect(isConnectionFailure(new Error("wrapped", { cause: withCode("ECONNRESET") }))).toBe(true);
    // Statements that failed on a working connection are the request's own business.
    for (const code of ["23505", "40P01", "40001", "42P01", "SQLITE_BUSY"]) expect(isConnectionFailure(withCode(code))).toBe(false);
    expect(isRolledBackConflict(withCode("40P01"))).toBe(true);
    expect(isRolledBackConflict(withCode("23505"))).toBe(false);
  });

  it("counts the database as away only after two failed probes in a row, and back after the next good one", async () => {
    const answers: boolean[] = [false, true];
    const events: string[] = [];
    const probe = async () => {
      if (!(answers.shift() ?? true)) throw Object.assign(new Error("refused"), { code: "ECONNREFUSED" });
    };
    const availability = new DatabaseAvailability(probe, { down: () => events.push("down"), up: () => events.push("up") });
    const lost = Object.assign(new Error("terminating connection"), { code: "57P01" });
    const since = Date.now();
    availability.noteFailure(lost);
    expect(availability.failedSince(since)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // One probe caught by the same termination, the next one answered: never away.
    expect([availability.available, events]).toEqual([true, []]);

    answers.push(false, false, true);
    availability.noteFailure(lost);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect([availability.available, events]).toEqual([false, ["down"]]);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect([availability.available, events]).toEqual([true, ["down", "up"]]);
    expect(availability.failedSince(Date.now() + 1)).toBe(false);
    availability.close();
  });
});

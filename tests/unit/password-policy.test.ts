import { describe, expect, it } from "vitest";
import { boundedPasswordHashing, boundedQueue, passwordProblem } from "~/.server/auth/password-policy";

describe("password policy", () => {
  it.each(["password", "12345678", "PASSWORD", "iloveyou", "qwertyuiop", "        ", "\t\t\t\t\t\t\t\t"])("refuses %j", (password) => {
    expect(passwordProblem(password)).not.toBeNull();
  });
  it.each([
    ["aaaaaaaa", "PASSWORD_REPEATS"],
    ["abcdefgh", "PASSWORD_SEQUENCE"],
    ["Summer2024", "PASSWORD_DATES"],
    ["zxcvbnm,./", "PASSWORD_KEYBOARD"],
  ])("refuses the guessable %j and says why (%s)", (password, reason) => {
    expect(passwordProblem(password)).toBe(reason);
  });
  it("refuses a password made of the person's own address or name", () => {
    expect(passwordProblem("boss@example.com", { email: "boss@example.com" })).toBe("PASSWORD_PERSONAL");
    expect(passwordProblem("grace hopper", { email: "gh@example.com", name: "Grace Hopper" })).toBe("PASSWORD_PERSONAL");
  });
  it.each(["Correct-Horse-Battery-9", "x7#kq2!mzp", "北京欢迎你的猫咪很可爱"])("accepts %j", (password) => {
    expect(passwordProblem(password)).toBeNull();
  });
});

describe("bounded password hashing", () => {
  it("runs two at once, queues a few, and tells the rest of a burst to come back (503 + Retry-After)", async () => {
    const run = boundedQueue(2, 3);
    let active = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const work = () =>
      new Promise<string>((resolve) => {
        active++;
        most = Math.max(most, active);
        releases.push(() => {
          active--;
          resolve("done");
        });
      });
    const burst = Array.from({ length: 8 }, () => run(work));
    const settled = Promise.allSettled(burst);
    // Release whatever is running until everything is through.
    while (releases.length > 0 || active > 0) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      releases.shift()?.();
    }
    const results = await settled;
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.reason).toMatchObject({ statusCode: 503, headers: { "Retry-After": "5" } });
  });

  it("hashes and verifies with better-auth's scrypt", async () => {
    const hash = await boundedPasswordHashing.hash("Correct-Horse-Battery-9");
    expect(await boundedPasswordHashing.verify({ hash, password: "Correct-Horse-Battery-9" })).toBe(true);
    expect(await boundedPasswordHashing.verify({ hash, password: "wrong" })).toBe(false);
  });
});

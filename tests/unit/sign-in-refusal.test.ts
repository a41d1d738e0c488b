import { describe, expect, it } from "vitest";
import en from "../../public/locales/en/user.json";
import { signInRefusal } from "~/components/auth/password-reset";

const refused = (status: number, retryAfterSeconds: number | null, code: string | null = null) => ({ status, code, retryAfterSeconds });

describe("why a sign-in was refused", () => {
  it("names the minutes a per-address limit really lasts, not 'a minute'", () => {
    expect(signInRefusal(refused(429, 14 * 60 + 5), "auth.invalidCredentials")).toEqual({ key: "auth.tooManyAttemptsMinutes", values: { count: 15 } });
    expect(en.auth.tooManyAttemptsMinutes_other.replace("{{count}}", "15")).toBe("Too many attempts. Please try again in 15 minutes.");
  });

  it("keeps the short message for a short wait or an unknown one", () => {
    expect(signInRefusal(refused(429, 30), "auth.invalidCredentials").key).toBe("auth.tooManyAttempts");
    expect(signInRefusal(refused(429, null), "auth.invalidCredentials").key).toBe("auth.tooManyAttempts");
  });

  it("still explains the paced account and a wrong password", () => {
    expect(signInRefusal(refused(429, 15, "ACCOUNT_SLOWED"), "x").key).toBe("auth.accountSlowed");
    expect(signInRefusal(refused(401, null), "auth.invalidCredentials").key).toBe("auth.invalidCredentials");
  });
});

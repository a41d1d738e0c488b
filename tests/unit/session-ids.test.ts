import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetSession, rememberedSessionUserId, SESSION_ID_TTL_MS } from "~/.server/auth/session-ids";

/** The favourite endpoints' remembered sessions: only what better-auth confirmed, only briefly, forgotten on sign-out. */
const request = (cookie?: string) => new Request("http://localhost/api/favorites", { method: "POST", headers: cookie ? { cookie } : {} });
const session = (token: string, user = "u1", expiresAt = new Date(Date.now() + 86_400_000)) => ({ user: { id: user }, session: { token, expiresAt } });

afterEach(() => vi.useRealTimers());

describe("remembered session ids", () => {
  it("asks better-auth once per cookie within the time it is remembered, then again", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T12:00:00Z") });
    const confirm = vi.fn(async () => session("tok-a"));
    const cookie = "theme=dark; better-auth.session_token=tok-a.sig-a";
    expect(await rememberedSessionUserId(request(cookie), confirm)).toBe("u1");
    expect(await rememberedSessionUserId(request(cookie), confirm)).toBe("u1");
    expect(confirm).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SESSION_ID_TTL_MS + 1);
    expect(await rememberedSessionUserId(request(cookie), confirm)).toBe("u1");
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it("never answers for a cookie better-auth did not confirm: another signature, no session, no cookie", async () => {
    const confirmed = vi.fn(async () => session("tok-b", "u2"));
    expect(await rememberedSessionUserId(request("better-auth.session_token=tok-b.good"), confirmed)).toBe("u2");
    const refused = vi.fn(async () => null);
    expect(await rememberedSessionUserId(request("better-auth.session_token=tok-b.forged"), refused)).toBeNull();
    expect(refused).toHaveBeenCalledTimes(1);
    expect(await rememberedSessionUserId(request(), refused)).toBeNull();
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it("forgets a session deleted in this process at once, and keeps none past its expiry", async () => {
    const confirm = vi.fn(async () => session("tok-c", "u3"));
    const cookie = "better-auth.session_token=tok-c.sig";
    await rememberedSessionUserId(request(cookie), confirm);
    forgetSession("tok-c");
    const gone = vi.fn(async () => null);
    expect(await rememberedSessionUserId(request(cookie), gone)).toBeNull();
    expect(gone).toHaveBeenCalledTimes(1);

    vi.useFakeTimers({ now: new Date("2026-11-26T12:00:00Z") });
    const ending = vi.fn(async () => session("tok-d", "u4", new Date(Date.now() + 1_000)));
    const shortCookie = "better-auth.session_token=tok-d.sig";
    await rememberedSessionUserId(request(shortCookie), ending);
    vi.advanceTimersByTime(1_001);
    const expired = vi.fn(async () => null);
    expect(await rememberedSessionUserId(request(shortCookie), expired)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });
});

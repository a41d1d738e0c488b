import { describe, expect, it } from "vitest";
import { canonicalAuthPath } from "../../server/edge-guards";

describe("the one spelling of a sign-in path", () => {
  it.each([
    "/api/auth/sign-in/email",
    "/api/auth/x/../sign-in/email",
    "/api/auth/x/%2e%2e/sign-in/email",
    "/api/auth/x/%2E%2E/sign-in/email",
    "/api/auth//sign-in//email",
    "/api/auth/sign-in/email/",
    "/API/Auth/Sign-In/EMAIL",
    "/api/auth/./sign-in/email",
    "/api/auth/sign-in/%65mail",
    "/x/../api/auth/sign-in/email",
    "/api\\auth\\sign-in\\email",
  ])("%s", (path) => {
    expect(canonicalAuthPath(path)).toBe("/api/auth/sign-in/email");
  });

  it("keeps the case of a token in the path (a password reset link)", () => {
    expect(canonicalAuthPath("/api/auth/reset-password/AbC123xYz")).toBe("/api/auth/reset-password/AbC123xYz");
    expect(canonicalAuthPath("/API/Auth//reset-password/AbC123xYz/")).toBe("/api/auth/reset-password/AbC123xYz");
    expect(canonicalAuthPath("/api/auth/Two-Factor/Verify-TOTP")).toBe("/api/auth/two-factor/verify-totp");
  });

  it("leaves other paths alone", () => {
    expect(canonicalAuthPath("/api/auth/../admin/submissions")).toBeNull();
    expect(canonicalAuthPath("/api/authx/sign-in")).toBeNull();
    expect(canonicalAuthPath("/de/tools")).toBeNull();
  });
});

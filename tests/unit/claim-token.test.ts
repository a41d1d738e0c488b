import { describe, expect, it } from "vitest";
import { domainOf, emailAtDomain, tokenFound, verificationUrl } from "~/.server/makers/claims";
import { CLAIM_FILE_PATH, CLAIM_META_NAME } from "~/lib/makers";

/** Where a claim's token counts as proof, and where it does not. */
describe("claim tokens", () => {
  const token = "Ab3_kL9-zz81QpW2xYv0nMt";

  it("finds the token in our meta tag whatever the attribute order and quotes", () => {
    expect(tokenFound("meta", `<head><meta name="${CLAIM_META_NAME}" content="${token}"></head>`, token)).toBe(true);
    expect(tokenFound("meta", `<META content='${token}' NAME='${CLAIM_META_NAME.toUpperCase()}' />`, token)).toBe(true);
  });

  it("does not take the token elsewhere on the page, in another tag or with a different value", () => {
    expect(tokenFound("meta", `<p>${token}</p>`, token)).toBe(false);
    expect(tokenFound("meta", `<meta name="description" content="${token}">`, token)).toBe(false);
    expect(tokenFound("meta", `<meta name="${CLAIM_META_NAME}" content="${token}x">`, token)).toBe(false);
  });

  it("takes a token file holding the token alone (with a trailing newline)", () => {
    expect(tokenFound("file", `${token}\n`, token)).toBe(true);
    expect(tokenFound("file", `not-${token}`, token)).toBe(false);
  });

  it("looks on the website's own origin, and matches mail addresses at its domain or under it", () => {
    expect(verificationUrl("file", "https://www.acme.example/pricing?x=1")).toBe(`https://www.acme.example${CLAIM_FILE_PATH}`);
    expect(verificationUrl("meta", "https://acme.example/en/")).toBe("https://acme.example/");
    expect(domainOf("https://www.Acme.example/")).toBe("acme.example");
    expect(domainOf("ftp://acme.example/")).toBeNull();
    expect(emailAtDomain("owner@acme.example", "acme.example")).toBe(true);
    expect(emailAtDomain("owner@mail.acme.example", "acme.example")).toBe(true);
    expect(emailAtDomain("owner@evilacme.example", "acme.example")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { loadBundles, loadLaterTexts, loadRootBundles } from "~/.server/i18n";
import { addBundles, createI18n } from "~/i18n/instance";

/**
 * Every page carries the root bundles in its HTML; the texts only one screen shows (the login dialog, the
 * claim panel, the listing stats) come with that screen instead (decision 0038), and must then be there.
 */
describe("root bundles and the texts screens add later", () => {
  it("leaves the login dialog's and the claim panel's texts out, keeping the login button's label", async () => {
    const root = await loadRootBundles("de", ["user", "makers", "common"]);
    const whole = await loadBundles("de", ["user", "makers", "common"]);
    expect(root.common).toBe(whole.common);
    expect(Object.keys(root.user!.auth as object).sort()).toEqual(["adminConsole", "githubFailed", "googleFailed", "loginButton"]);
    expect((root.user!.auth as Record<string, string>).loginButton).toBe((whole.user!.auth as Record<string, string>).loginButton);
    expect(root.user!.twoFactor).toBeUndefined();
    expect(root.makers!.claim).toBeUndefined();
    expect(root.makers!.mail).toBeUndefined();
    expect(root.makers!.sponsored).toEqual(whole.makers!.sponsored);
    expect(JSON.stringify(root.user).length).toBeLessThan(JSON.stringify(whole.user).length / 2);
    // The same object per file, so the serialized root bundles are cached per language.
    expect((await loadRootBundles("de", ["user"])).user).toBe(root.user);
  });

  it("gives a page the texts its route adds, on top of the root's part of the namespace", async () => {
    const i18n = createI18n("de", await loadRootBundles("de", ["makers", "user"]));
    expect(i18n.exists("claim.question", { ns: "makers" })).toBe(false);
    addBundles(i18n, "de", await loadLaterTexts("de", "makers", ["claim"]));
    const whole = (await loadBundles("de", ["makers"])).makers!;
    expect(i18n.t("claim.question", { ns: "makers" })).toBe((whole.claim as Record<string, string>).question);
    expect(i18n.t("sponsored.label", { ns: "makers" })).toBe((whole.sponsored as Record<string, string>).label);
    // The login dialog adds the whole `user` bundle: the auth texts the root left out join the kept ones.
    addBundles(i18n, "de", await loadBundles("de", ["user"]));
    const auth = (await loadBundles("de", ["user"])).user!.auth as Record<string, string>;
    expect(i18n.t("auth.loginButton", { ns: "user" })).toBe(auth.loginButton);
    expect(Object.keys(auth).every((key) => typeof auth[key] !== "string" || i18n.t(`auth.${key}`, { ns: "user" }) === auth[key])).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { translatorFor } from "~/i18n/translator";

function instance() {
  return createI18n("us-en", {
    common: { site: { name: "AI Tools" }, footer: { rights: "© {{year}} AI Tools" } },
    categories: { names: { "music-audio": "Music & Audio" } },
  });
}

describe("translatorFor", () => {
  it("translates plain keys, keys with options and keys of a second namespace like i18next", () => {
    const i18n = instance();
    const t = translatorFor(i18n, ["common", "categories"]);
    expect(t("site.name")).toBe("AI Tools");
    expect(t("site.name")).toBe("AI Tools");
    expect(t("footer.rights", { year: 2026 })).toBe("© 2026 AI Tools");
    expect(t("footer.rights", { year: 2027 })).toBe("© 2027 AI Tools");
    expect(t("categories:names.music-audio")).toBe("Music & Audio");
    expect(t("categories:names.music-audio")).toBe(i18n.t("categories:names.music-audio"));
  });

  it("gives the same translator per instance and namespace, and a key added later is found", () => {
    const i18n = instance();
    const t = translatorFor(i18n, "common");
    expect(translatorFor(i18n, "common")).toBe(t);
    expect(translatorFor(instance(), "common")).not.toBe(t);
    const missing = i18n.t("about.title");
    expect(t("about.title")).toBe(missing);
    i18n.addResourceBundle("en", "common", { about: { title: "About us" } }, true, false);
    expect(t("about.title")).toBe("About us");
  });
});

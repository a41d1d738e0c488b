import { describe, expect, it } from "vitest";
import { addBundles, createI18n } from "~/i18n/instance";
import { translatorFor } from "~/i18n/translator";
import { translatorOf } from "~/components/admin/admin-text";

function instance() {
  return createI18n("us-en", {
    common: {
      site: { name: "AI Tools" },
      footer: { rights: "© {{year}} AI Tools" },
      reviews_one: "{{count}} review",
      reviews_other: "{{count}} reviews",
      search: { term: "Results for “{{term}}”" },
    },
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

  it("answers repeated calls with options like i18next: plural forms, numbers, strings and option objects", () => {
    const i18n = instance();
    const t = translatorFor(i18n, "common");
    for (let round = 0; round < 2; round++) {
      expect(t("reviews", { count: 1 })).toBe("1 review");
      expect(t("reviews", { count: 2 })).toBe("2 reviews");
      expect(t("reviews", { count: "2" as unknown as number })).toBe(i18n.t("reviews", { count: "2" as unknown as number }));
      expect(t("search.term", { term: "chat" })).toBe("Results for “chat”");
      expect(t("search.term", { term: "a\u0000b" })).toBe("Results for “a\u0000b”");
      expect(t("search.term", { term: { toString: () => "obj" } as unknown as string })).toBe(i18n.t("search.term", { term: { toString: () => "obj" } as unknown as string }));
    }
  });

  it("picks each language's plural form by Intl.PluralRules, also for a count asked before", () => {
    const ja = createI18n("ja", { common: { reviews_other: "{{count}} 件のレビュー" } });
    const t = translatorFor(ja, "common");
    for (let round = 0; round < 2; round++) {
      expect(t("reviews", { count: 1 })).toBe("1 件のレビュー");
      expect(t("reviews", { count: 5 })).toBe("5 件のレビュー");
    }
    const en = translatorFor(instance(), "common");
    expect([en("reviews", { count: 1 }), en("reviews", { count: 0 }), en("reviews", { count: 1 })]).toEqual(["1 review", "0 reviews", "1 review"]);
  });

  it("serves a namespace added to a shared instance after it was made, as server code adds them on first use", () => {
    const shared = createI18n("us-en", {});
    addBundles(shared, "us-en", { tools: { list: { count_one: "{{count}} tool", count_other: "{{count}} tools" } } });
    const t = translatorFor(shared, "tools");
    expect(t("list.count", { count: 1 })).toBe("1 tool");
    expect(t("list.count", { count: 3 })).toBe("3 tools");
  });

  it("translates the admin screens' bundle the same way, plural forms included", () => {
    const strings = { queue: { pending_one: "{{count}} request waits", pending_other: "{{count}} requests wait" }, title: "Review" };
    const t = translatorOf("us-en", strings);
    expect(t("title")).toBe("Review");
    expect(t("queue.pending", { count: 1 })).toBe("1 request waits");
    expect(t("queue.pending", { count: 4 })).toBe("4 requests wait");
    expect(translatorOf("us-en", strings)).toBe(t);
  });
});

import { describe, expect, it } from "vitest";
import { rankAutocomplete, type AutocompleteEntry } from "~/lib/autocomplete";
import { heartCount, pageWindow, pricingKey, slugHash, statisticFloor } from "~/lib/tool-display";

describe("heart count from the slug hash", () => {
  it("is deterministic and stays in 50-800 for ordinary tools", () => {
    const slugs = ["jasper", "quillbot", "lavender", "meshy", "10web", "dishgen", "tability", "a", "x-y-z-123"];
    for (const slug of slugs) {
      expect(heartCount(slug)).toBe(heartCount(slug));
      expect(heartCount(slug)).toBeGreaterThanOrEqual(50);
      expect(heartCount(slug)).toBeLessThanOrEqual(800);
    }
    expect(new Set(slugs.map(heartCount)).size).toBeGreaterThan(5);
  });

  it("gives well-known chat and image tools 2000-5000", () => {
    for (const slug of ["chatgpt", "midjourney", "claude", "github-copilot", "microsoft-copilot", "gemini", "dall-e"]) {
      expect(heartCount(slug)).toBeGreaterThanOrEqual(2000);
      expect(heartCount(slug)).toBeLessThanOrEqual(5000);
    }
  });

  it("weights characters by position, so anagrams differ", () => {
    expect(slugHash("ab")).not.toBe(slugHash("ba"));
  });
});

describe("pricing label", () => {
  it("maps known values, defaults to freemium and shows anything unknown as contact", () => {
    expect(pricingKey("free")).toBe("free");
    expect(pricingKey("Paid")).toBe("paid");
    expect(pricingKey("trial")).toBe("freeTrial");
    expect(pricingKey("freeTrial")).toBe("freeTrial");
    expect(pricingKey("free-trial")).toBe("freeTrial");
    expect(pricingKey("subscription")).toBe("subscription");
    expect(pricingKey("contact")).toBe("contact");
    expect(pricingKey("")).toBe("freemium");
    expect(pricingKey(null)).toBe("freemium");
    expect(pricingKey(undefined)).toBe("freemium");
    expect(pricingKey("pay-what-you-want")).toBe("contact");
  });
});

describe("pager window", () => {
  it("shows at most five pages around the current one, inside the range", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe("statistics", () => {
  it("rounds down so an 'N+' claim is always true", () => {
    expect(statisticFloor(7)).toBe(7);
    expect(statisticFloor(22)).toBe(20);
    expect(statisticFloor(173)).toBe(150);
    expect(statisticFloor(3648)).toBe(3600);
    expect(statisticFloor(100_000)).toBe(100_000);
  });
});

describe("autocomplete ranking", () => {
  const entry = (name: string, extra: Partial<AutocompleteEntry> = {}): AutocompleteEntry => ({ name, slug: name.toLowerCase().replace(/\W+/g, "-"), image_url: null, ...extra });

  it("puts prefix before substring before tag before subsequence matches, keeping index order in a tier", () => {
    const entries = [
      entry("Cute Hat App"), // subsequence c-h-a
      entry("Deep Chat"), // substring
      entry("Talker", { tags: ["chatbot"] }), // tag
      entry("ChatGPT"), // prefix
      entry("Character.AI"), // prefix
      entry("Nothing"),
    ];
    expect(rankAutocomplete(entries, "cha").items.map((i) => i.name)).toEqual(["ChatGPT", "Character.AI", "Deep Chat", "Talker", "Cute Hat App"]);
  });

  it("matches names in other languages and is case-insensitive", () => {
    const entries = [entry("TalkBuddy", { names: ["聊天伙伴", "トークバディ チャット"] }), entry("ChatGPT", { tags: ["聊天机器人"] })];
    expect(rankAutocomplete(entries, "聊天").items.map((i) => i.name)).toEqual(["TalkBuddy", "ChatGPT"]);
    expect(rankAutocomplete(entries, "チャット").items.map((i) => i.name)).toEqual(["TalkBuddy"]);
    expect(rankAutocomplete(entries, "CHATG").items.map((i) => i.name)).toEqual(["ChatGPT"]);
  });

  it("shows at most 8 and says when there are more; a blank query shows nothing", () => {
    const entries = Array.from({ length: 12 }, (_, i) => entry(`Chat tool ${i}`));
    const result = rankAutocomplete(entries, "chat");
    expect(result.items).toHaveLength(8);
    expect(result.more).toBe(true);
    expect(rankAutocomplete(entries.slice(0, 8), "chat").more).toBe(false);
    expect(rankAutocomplete(entries, "   ").items).toEqual([]);
  });
});

import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { loadRootBundles } from "~/.server/i18n";
import { ROOT_NAMESPACES, rootTexts, rootTextsEndpoint } from "~/.server/page-texts";
import { markupCarriedField } from "~/delivery/markup-data";

/** What the endpoint answered: headers, type and body, or nothing (it passed the request on). */
async function ask(path: string) {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let type: string | undefined;
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    type(value: string) {
      type = value;
      return this;
    },
    send: (value: string) => void (body = value),
  } as unknown as Response;
  const answered = await rootTextsEndpoint({ path } as Request, res);
  return { answered, headers, body, type };
}

/**
 * A document preloads its texts from an address named by their content (decision 0042): the browser keeps
 * them for a year, so the address must change with the texts, and a page rendered before a change must
 * still get texts to hydrate with.
 */
describe("the texts a page preloads", () => {
  it("names each language's texts by their content and serves them under that name, cached for a year", async () => {
    const [de, fr] = await Promise.all([rootTexts("de"), rootTexts("fr")]);
    expect(de.href).toMatch(/^\/texts\/de\.[0-9a-f]{16}\.json$/);
    expect(fr.href).not.toBe(de.href);
    expect(JSON.parse(de.json)).toEqual(JSON.parse(JSON.stringify(await loadRootBundles("de", ROOT_NAMESPACES))));
    const answer = await ask(de.href);
    expect(answer.answered).toBe(true);
    expect(answer.body).toBe(de.json);
    expect(answer.type).toBe("application/json");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers an older address with the current texts, not to be kept, and passes on what is no texts address", async () => {
    const current = await rootTexts("ja");
    const stale = await ask("/texts/ja.0123456789abcdef.json");
    expect(stale.answered).toBe(true);
    expect(stale.body).toBe(current.json);
    expect(stale.headers["cache-control"]).toBe("no-cache");
    for (const path of ["/texts/xx.0123456789abcdef.json", "/texts/ja.json", "/texts/ja.0123.json"]) expect((await ask(path)).answered).toBe(false);
  });
});

describe("texts a document's markup carries", () => {
  const cards = [
    { slug: "a", description: "First" },
    { slug: "b", description: "Second" },
  ];

  it("hands a document's texts to its render and leaves them out of its loader data", () => {
    const markupData = new Map<string, string>();
    const carried = markupCarriedField({ cspNonce: "", documentRequest: true, markupData }, "d:", cards, (card) => card.slug, "description");
    expect(carried).toEqual([
      { slug: "a", description: "" },
      { slug: "b", description: "" },
    ]);
    expect([...markupData]).toEqual([
      ["d:a", "First"],
      ["d:b", "Second"],
    ]);
    expect(cards[0]!.description).toBe("First");
  });

  it("keeps the texts in a client navigation's data, which no markup comes with", () => {
    const markupData = new Map<string, string>();
    expect(markupCarriedField({ cspNonce: "", documentRequest: false, markupData }, "d:", cards, (card) => card.slug, "description")).toEqual(cards);
    expect(markupCarriedField(undefined, "d:", cards, (card) => card.slug, "description")).toEqual(cards);
    expect(markupData.size).toBe(0);
  });
});

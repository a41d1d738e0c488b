import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_MERGE_ENTRIES, type FavoriteEntry } from "~/lib/favorites";

/**
 * Issue 29, item 6: the browser's merge of its local copy on sign-in never sends more than the server's cap
 * (MAX_MERGE_ENTRIES favourites and ratings together per request). A larger copy goes in parts, the oldest
 * favourites first, each part leaving localStorage once the server has it; a part the server refuses stays
 * local for the next load, nothing is lost.
 */
type Posted = { favorites: FavoriteEntry[]; ratings: Array<{ slug: string; rating: number }> };

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const entry = (i: number): FavoriteEntry => ({ id: i, type: "tool", slug: `tool-${i}`, title: `Tool ${i}` });

describe("merging the local copy on sign-in", () => {
  let posted: Posted[];
  let answer: (body: Posted, n: number) => { status: number; body: unknown };
  let storage: ReturnType<typeof fakeStorage>;

  beforeEach(() => {
    vi.resetModules();
    posted = [];
    storage = fakeStorage();
    vi.stubGlobal("window", { localStorage: storage });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init: { method: string; body?: string }) => {
        if (init.method === "GET") return new Response(JSON.stringify({ favorites: [], ratings: {} }), { status: 200 });
        const body = JSON.parse(init.body!) as Posted;
        posted.push(body);
        const { status, body: json } = answer(body, posted.length);
        return new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } });
      }),
    );
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // 620 favourites, newest first as the store keeps them, and 130 ratings (two languages for some tools).
  const favorites = Array.from({ length: 620 }, (_, i) => entry(i));
  const ratings = Object.fromEntries([...Array.from({ length: 130 }, (_, i) => [`us-en/tool-${i}`, 1 + (i % 5)]), ["de/tool-3", 5]]);

  async function signIn() {
    storage.setItem("favorites", JSON.stringify(favorites));
    storage.setItem("ratings", JSON.stringify(ratings));
    const actions = await import("~/components/favorites/actions");
    const { storeAccess } = await import("~/components/favorites/store");
    await actions.loadFavorites("user-1", "us-en");
    return storeAccess.get();
  }

  it("sends a large copy in parts no larger than the cap, oldest favourites first, and every entry once", async () => {
    answer = () => ({ status: 200, body: { favorites: [], ratings: {}, merged: { favorites: 0, ratings: 0 } } });
    const state = await signIn();
    expect(posted.length).toBeGreaterThan(1);
    for (const part of posted) expect(part.favorites.length + part.ratings.length).toBeLessThanOrEqual(MAX_MERGE_ENTRIES);
    const sentFavorites = posted.flatMap((part) => part.favorites.map((f) => f.id));
    expect([...sentFavorites].sort((a, b) => a - b)).toEqual(favorites.map((f) => f.id));
    // Each part lists its favourites newest first (the server writes them in reverse), and parts go oldest first.
    expect(posted[0]!.favorites.at(-1)!.id).toBe(619);
    expect(posted.at(-1)!.favorites.length === 0 || posted.at(-1)!.favorites[0]!.id === 0).toBe(true);
    const sentRatings = posted.flatMap((part) => part.ratings);
    expect(sentRatings).toHaveLength(130);
    expect(sentRatings.find((r) => r.slug === "tool-3")!.rating).toBe(4);
    expect([storage.getItem("favorites"), storage.getItem("ratings")]).toEqual([null, null]);
    expect(state.mode).toBe("server");
  });

  it("keeps what a refused part and the parts after it carry in localStorage, and shows what merged", async () => {
    answer = (_body, n) => (n <= 2 ? { status: 200, body: { favorites: [entry(619)], ratings: {}, merged: { favorites: 1, ratings: 0 } } } : { status: 429, body: { error: { code: "rate_limited" } } });
    const state = await signIn();
    expect(posted).toHaveLength(3);
    const left = JSON.parse(storage.getItem("favorites") ?? "[]") as FavoriteEntry[];
    expect(left).toHaveLength(620 - 2 * MAX_MERGE_ENTRIES);
    expect(left[0]!.id).toBe(0);
    expect(Object.keys(JSON.parse(storage.getItem("ratings") ?? "{}"))).toHaveLength(131);
    expect([state.mode, state.favorites.map((f) => f.id), state.notice?.key]).toEqual(["server", [619], "rateLimited"]);
  });

  it("shrinks its parts to a smaller cap the server names", async () => {
    answer = (body) =>
      body.favorites.length + body.ratings.length > 40
        ? { status: 413, body: { error: { code: "payload_too_large", reason: "too_many_entries", maxEntries: 40 } } }
        : { status: 200, body: { favorites: [], ratings: {}, merged: { favorites: 0, ratings: 0 } } };
    storage.setItem("favorites", JSON.stringify(favorites.slice(0, 70)));
    const actions = await import("~/components/favorites/actions");
    await actions.loadFavorites("user-2", "us-en");
    expect(posted.map((part) => part.favorites.length + part.ratings.length)).toEqual([70, 40, 30]);
    expect(storage.getItem("favorites")).toBeNull();
  });
});

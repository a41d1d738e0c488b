import { describe, expect, it } from "vitest";
import { checkAggregates, checkDecisions, checkWrites, type LoggedWrite, type State } from "../../bench/lib/verify.mjs";

/** The checks of the reliability suite (bench/lib/verify.mjs) catch what they are there for. */
const A = "a@example.com";
const emptyState = (): State => ({ tools: [], ratings: [], favorites: [], submissions: [], ads: [], audit: [] });
const write = (kind: string, key: string, value: string, outcome: LoggedWrite["outcome"]): LoggedWrite => ({ user: A, kind, key, value, status: outcome === "acked" ? 200 : outcome === "refused" ? 429 : 0, outcome });

describe("reliability checks", () => {
  it("count an acknowledged write missing from the database as lost, and a refused one present as phantom", () => {
    const state = emptyState();
    state.favorites.push({ email: A, tool_id: 1, slug: "b" });
    state.submissions.push({ id: 1, email: A, type: "submit", status: "pending", payload: JSON.stringify({ website_url: "https://refused.example" }), tool_id: null, tool_slug: null, tool_status: null });
    const ops = [write("favorite_add", "fav:a", "1", "acked"), write("favorite_add", "fav:b", "1", "acked"), write("submit", "sub:https://refused.example", "1", "refused")];
    expect(checkWrites(ops, state)).toMatchObject({ keys: 3, lostWrites: 1, phantomWrites: 1 });
  });

  it("let an unanswered write be there or not, but the last acknowledged state win", () => {
    const state = emptyState();
    state.ratings.push({ email: A, tool_id: 1, slug: "a", rating: 4 });
    expect(checkWrites([write("rating_set", "rate:a", "2", "acked"), write("rating_set", "rate:a", "4", "unknown")], state)).toMatchObject({ lostWrites: 0, phantomWrites: 0 });
    expect(checkWrites([write("rating_set", "rate:a", "4", "unknown"), write("rating_set", "rate:a", "2", "acked")], state)).toMatchObject({ lostWrites: 1 });
  });

  it("catch a decision acknowledged twice, one not in its row, and an approval without its published tool", () => {
    const state = emptyState();
    state.submissions.push(
      { id: 1, email: A, type: "submit", status: "approved", payload: "{}", tool_id: 9, tool_slug: "x", tool_status: "published" },
      { id: 2, email: A, type: "submit", status: "pending", payload: "{}", tool_id: null, tool_slug: null, tool_status: null },
      { id: 3, email: A, type: "submit", status: "approved", payload: "{}", tool_id: null, tool_slug: null, tool_status: null },
    );
    const decision = (id: number) => ({ target: "submission" as const, id, decision: "approved" as const, status: 200, outcome: "acked" as const, toolSlug: "x" });
    const result = checkDecisions([decision(1), decision(1), decision(2), decision(3)], state, new Set([A]));
    expect(result).toMatchObject({ acknowledged: 3, approvedPublished: 1, doubleDecisions: 1, lostDecisions: 1, unpublishedApprovals: 1 });
  });

  it("compare every tool's figures with its rating and favourite rows exactly", () => {
    const tool = { id: 1, slug: "t", status: "published", base_rating: 4.7, base_review_count: 100, user_rating_sum: 5, user_rating_count: 1, favorite_count: 1, rating: (4.7 * 100 + 5) / 101, review_count: 101 };
    const state = { ...emptyState(), tools: [tool], ratings: [{ email: A, tool_id: 1, slug: "t", rating: 5 }], favorites: [{ email: A, tool_id: 1, slug: "t" }] };
    expect(checkAggregates(state)).toMatchObject({ wrongRatingSums: 0, inexactAggregates: 0, wrongFavoriteCounts: 0 });
    expect(checkAggregates({ ...state, tools: [{ ...tool, rating: tool.rating + 1e-12 }] }).inexactAggregates).toBe(1);
    // A waiting or hidden review's star is not in the figures.
    expect(checkAggregates({ ...state, ratings: [...state.ratings, { email: "b@example.com", tool_id: 1, slug: "t", rating: 1, counted: 0 }] }).inexactAggregates).toBe(0);
    expect(checkAggregates({ ...state, favorites: [] }).wrongFavoriteCounts).toBe(1);
    expect(checkAggregates({ ...state, ratings: [] })).toMatchObject({ wrongRatingSums: 1, inexactAggregates: 1 });
  });
});

import { describe, expect, it } from "vitest";
import { RANK_LIMIT } from "~/.server/search/query";
import { rank, type Matches } from "~/.server/tools/search-ranking";
import type { SortPositions } from "~/.server/tools/sort-positions";

/** A list order of `published` tool ids (shuffled), as `sortPositions` builds it. */
function positionsOf(published: number[], maxId: number, random: () => number): SortPositions {
  const ids = Int32Array.from(published);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  const positionOf = new Int32Array(maxId + 1).fill(-1);
  ids.forEach((id, position) => (positionOf[id] = position));
  return { ids, positionOf };
}

/** What a list shows, by definition: published matches by rank (capped), then by their place in the sort. */
function expected({ ids, ranks }: Matches, { positionOf }: SortPositions): number[] {
  return [...ids]
    .map((id, i) => ({ id, rank: Math.min(ranks[i]!, RANK_LIMIT), position: id < positionOf.length ? positionOf[id]! : -1 }))
    .filter((match) => match.position >= 0)
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map((match) => match.id);
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("search ranking order", () => {
  it("orders matches by rank, then by the chosen sort, for random catalogues and queries", () => {
    const random = seeded(7);
    for (let round = 0; round < 200; round++) {
      const maxId = 1 + Math.floor(random() * 3000);
      const published = Array.from({ length: maxId }, (_, i) => i + 1).filter(() => random() < 0.9);
      const positions = positionsOf(published, maxId, random);
      // Some matches are unpublished (no position) or newer than the order (id past positionOf).
      const matchIds = Array.from({ length: Math.floor(random() * 2000) }, () => 1 + Math.floor(random() * (maxId + 50)));
      const distinct = [...new Set(matchIds)];
      const rankKinds = [1, 3, 40, 1000][round % 4]!;
      const ranks = distinct.map(() => (random() < 0.02 ? RANK_LIMIT + 5 : Math.floor(random() * rankKinds) * 977));
      const matches = { ids: Int32Array.from(distinct), ranks: Int32Array.from(ranks) };
      expect([...rank(matches, positions)]).toEqual(expected(matches, positions));
    }
  });

  it("keeps the sort's order when every match has the same rank, and answers nothing for no matches", () => {
    const positions = positionsOf([5, 3, 9, 1], 9, seeded(1));
    const all = { ids: Int32Array.from([1, 3, 5, 9]), ranks: new Int32Array(4) };
    expect([...rank(all, positions)]).toEqual([...positions.ids]);
    expect([...rank({ ids: new Int32Array(0), ranks: new Int32Array(0) }, positions)]).toEqual([]);
  });
});

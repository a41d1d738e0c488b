import { describe, expect, it } from "vitest";
import { CodeListsBuilder, valuesOf } from "~/.server/compact/code-lists";
import { findKey, PackedPostingsBuilder, PostingCursor } from "~/.server/compact/packed-postings";
import { PoolLookup, StringPoolBuilder } from "~/.server/compact/string-pool";
import { isSubsequence } from "~/lib/autocomplete";
import { TimeSlices } from "~/lib/time-slices";

/**
 * The compact structures under the autocomplete and alternatives indexes (decision 0039) must give back
 * exactly what was put in: a name, tag or slug read wrong is a wrong suggestion or a missing page.
 */
describe("compact structures", () => {
  it("pools strings of every script across chunk boundaries and compares them as JavaScript does", () => {
    const builder = new StringPoolBuilder();
    const values: string[] = [];
    // Over 4 million characters each of one-byte and wide text: both kinds fill several chunks.
    for (let i = 0; values.length < 60_000; i++) {
      const value = i % 3 === 0 ? `写作助手${i}`.repeat(30) : i % 7 === 0 ? `łódź📝${i}` : `nova assistant ${i} `.repeat(8);
      values.push(value);
      expect(builder.add(value)).toBe(values.length - 1);
    }
    values.push("", "a", "ä");
    values.slice(-3).forEach((value) => builder.add(value));
    const pool = builder.build();
    expect(pool.size).toBe(values.length);
    values.forEach((value, id) => {
      if (pool.get(id) !== value) expect(pool.get(id)).toBe(value);
    });
    const sample = values.filter((_, i) => i % 997 === 0);
    for (const a of sample.slice(0, 40)) {
      const id = values.indexOf(a);
      for (const b of sample) expect(Math.sign(pool.compare(id, b)), `${a} / ${b}`).toBe(a < b ? -1 : a > b ? 1 : 0);
      expect(pool.startsWith(id, a.slice(0, 5))).toBe(true);
      expect(pool.equals(id, `${a}x`)).toBe(false);
    }
  });

  it("finds subsequences by characters, outside the basic plane too, and never across two strings", () => {
    const builder = new StringPoolBuilder();
    const values = ["n📝x", "ab\ud83d", "\udcddcd", "chatgpt", "写作📝助手"];
    values.forEach((value) => builder.add(value));
    const pool = builder.build();
    for (const query of ["nx", "📝", "n📝", "n📝x", "\ud83d", "📝c", "cgt", "ctt", "写📝手", "作助"]) {
      const codes = Array.from(query, (char) => char.codePointAt(0)!);
      values.forEach((value, id) => expect(pool.hasSubsequence(id, codes), `${query} in ${value}`).toBe(isSubsequence(query, value)));
    }
  });

  it("looks strings up by value", async () => {
    const builder = new StringPoolBuilder();
    const slugs = Array.from({ length: 5000 }, (_, i) => `synth-${i}-nova`);
    slugs.forEach((slug) => builder.add(slug));
    const lookup = await PoolLookup.build(builder.build(), slugs.length, new TimeSlices());
    slugs.forEach((slug, id) => expect(lookup.find(slug)).toBe(id));
    expect(lookup.find("synth-5000-nova")).toBe(-1);
    expect(lookup.find("")).toBe(-1);
  });

  it("packs posting lists and reads them back in order, with gaps of every size", () => {
    const lists = new Map<number, number[]>([
      [7, [0, 1, 2, 3, 200, 20_000, 3_000_000, 2 ** 31 - 2]],
      [3, [5]],
      [2 ** 41 + 3, [1, 128, 16_512, 2_113_664]],
    ]);
    const builder = new PackedPostingsBuilder();
    const feed = (add: (key: number, value: number) => void) => lists.forEach((values, key) => values.forEach((value) => (add(key, value), add(key, value))));
    feed((key, value) => builder.count(key, value));
    builder.layout();
    feed((key, value) => builder.write(key, value));
    const postings = builder.build();
    for (const [key, values] of lists) {
      const at = findKey(postings, key);
      expect(postings.counts[at]).toBe(values.length);
      const cursor = new PostingCursor(postings, at);
      const read: number[] = [];
      for (let value = cursor.next(); value >= 0; value = cursor.next()) read.push(value);
      expect(read).toEqual(values);
    }
    expect(findKey(postings, 4)).toBe(-1);
    expect(new PostingCursor(postings, -1).next()).toBe(-1);
  });

  it("keeps each owner's values in the order added, whatever order the owners come in", async () => {
    const builder = new CodeListsBuilder();
    const added: Array<[number, string]> = [
      [2, "web"],
      [0, "ios"],
      [2, "android"],
      [1, "web"],
      [2, "web"],
    ];
    added.forEach(([owner, value]) => builder.add(owner, value));
    const lists = await builder.build(4, new TimeSlices());
    expect([0, 1, 2, 3].map((owner) => valuesOf(lists, owner))).toEqual([["ios"], ["web"], ["web", "android", "web"], []]);
    expect(lists.values).toEqual(["web", "ios", "android"]);
  });
});

import { describe, expect, it } from "vitest";
import { ByteBoundedMap } from "../../server/byte-bounded-map";

describe("ByteBoundedMap", () => {
  it("keeps its entries within the byte budget however long the keys are", () => {
    const map = new ByteBoundedMap<string>(1024 * 1024, (value) => value.length * 2);
    for (let i = 0; i < 12_000; i++) map.set(`/tools?search=${i}-${"a".repeat(12_000)}`, "x");
    expect(map.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(map.size).toBeLessThan(50);
    expect(map.get(`/tools?search=11999-${"a".repeat(12_000)}`)).toBe("x");
    expect(map.get(`/tools?search=0-${"a".repeat(12_000)}`)).toBeUndefined();
  });
  it("drops the least recently used first", () => {
    const map = new ByteBoundedMap<string>(3 * (2 + 2 + 64), (value) => value.length * 2);
    map.set("a", "1");
    map.set("b", "2");
    map.set("c", "3");
    map.getRecent("a");
    map.set("d", "4");
    expect(map.get("a")).toBe("1");
    expect(map.get("b")).toBeUndefined();
  });
});

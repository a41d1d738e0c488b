import { describe, expect, it } from "vitest";
import { effectiveDate } from "~/lib/effective-date";

describe("effective date of the legal pages", () => {
  it("is 1 January of the current year, written the way each language writes dates", () => {
    const lateDecember = new Date("2031-12-31T23:30:00Z");
    expect(effectiveDate("us-en", lateDecember)).toEqual({ iso: "2031-01-01", label: "January 1, 2031" });
    expect(effectiveDate("de", lateDecember).label).toBe("1. Januar 2031");
    expect(effectiveDate("fr", lateDecember).label).toBe("1 janvier 2031");
    expect(effectiveDate("ja", lateDecember).label).toBe("2031年1月1日");
    expect(effectiveDate("ko", lateDecember).label).toBe("2031년 1월 1일");
    expect(effectiveDate("zh-TW", lateDecember).label).toBe("2031年1月1日");
  });
  it("uses the UTC year, so every visitor sees the same date", () => {
    expect(effectiveDate("es", new Date("2032-01-01T00:10:00Z")).iso).toBe("2032-01-01");
  });
});

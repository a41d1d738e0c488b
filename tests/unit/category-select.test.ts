import { describe, expect, it } from "vitest";
import { categoryOptionsHtml } from "~/components/categories/category-select";

const tree = [
  { slug: "art", name: "Art & <Design>", toolCount: 3, subcategories: [{ slug: "logo", name: 'Logo "Maker"', toolCount: 1 }] },
  { slug: "music", name: "Music", toolCount: 2, subcategories: [] },
];

describe("category select options", () => {
  it("lists every category and subcategory in optgroups, escaped, with its count and the chosen one selected", () => {
    const html = categoryOptionsHtml(tree, "logo", "All categories");
    expect(html).toBe(
      '<option value="">All categories</option>' +
        '<optgroup label="Art &amp; &lt;Design&gt;"><option value="art" data-n="3">Art &amp; &lt;Design&gt;</option><option value="logo" data-n="1" selected="">Logo &quot;Maker&quot;</option></optgroup>' +
        '<optgroup label="Music"><option value="music" data-n="2">Music</option></optgroup>',
    );
    expect(categoryOptionsHtml(tree, "", "Alle Kategorien")).toMatch(/^<option value="" selected="">Alle Kategorien<\/option>/);
  });

  it("keeps a requested value that names no category, so the form shows what was asked for", () => {
    expect(categoryOptionsHtml(tree, "x<y", "All")).toMatch(/<option value="x&lt;y" selected="">x&lt;y<\/option>$/);
  });
});

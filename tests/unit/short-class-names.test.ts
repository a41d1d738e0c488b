import { describe, expect, it } from "vitest";
import { analyzeModule, type Analysis } from "../../tooling/short-class-names/analyze";
import { shortenCss, shortenSelector } from "../../tooling/short-class-names/css";
import { mentions, planShortNames, shortName, wordsOf } from "../../tooling/short-class-names/plan";

const classTexts = (analysis: Analysis) => analysis.classPieces.map((piece) => piece.text);
const otherTexts = (analysis: Analysis) => analysis.otherPieces.map((piece) => piece.text);

describe("class texts in a module", () => {
  it("finds class attributes, their branches and templates, and leaves ids, test ids and texts alone", () => {
    const analysis = analyzeModule(
      `export function A({ open, tone }: { open: boolean; tone: string }) {
        return <div id="panel" data-testid="panel" aria-label="Panel" className={open ? "block p-2" : "hidden"}>
          <span className={\`px-2 \${open && "font-bold"} grid-cols-\${tone}\`} title="Open" />
          <input inputClassName="w-full" type="text" />
        </div>;
      }`,
      "a.tsx",
    );
    expect(classTexts(analysis).sort()).toEqual(["block p-2", "font-bold", "hidden", "px-2 ", " grid-cols-", "", "w-full"].sort());
    expect(otherTexts(analysis)).toEqual([]);
    const template = analysis.classPieces.find((piece) => piece.text === " grid-cols-")!;
    expect(wordsOf(template).map((word) => [word.text, word.open])).toEqual([["grid-cols-", true]]);
  });

  it("follows constants, object maps and functions used only as classes, not those used otherwise", () => {
    const analysis = analyzeModule(
      `const card = "rounded border";
      const tones = { calm: "bg-slate-50", loud: "bg-rose-600" } as const;
      const used = "flex";
      function tabClass(active: boolean) { return active ? "font-bold" : "font-normal"; }
      const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "text-brand-700" : "text-slate-700");
      export function B({ tone, state }: { tone: "calm" | "loud"; state: string }) {
        if (state === "gone") return null;
        document.querySelector(".card-link");
        return <div className={card}><p className={tones[tone]} /><a className={tabClass(true)} /><b className={used} title={used} /><i className={linkClass} /></div>;
      }`,
      "b.tsx",
    );
    expect(classTexts(analysis).sort()).toEqual(["bg-rose-600", "bg-slate-50", "font-bold", "font-normal", "rounded border", "text-brand-700", "text-slate-700"]);
    expect(otherTexts(analysis).sort()).toEqual([".card-link", "flex", "gone"]);
  });

  it("marks the operands of a concatenation as open, and keeps escaped texts as they are", () => {
    const analysis = analyzeModule(`const id = "tone-" + tone; const text = "a\\tb";`, "c.ts");
    const [concatenated, escaped] = analysis.otherPieces;
    expect(concatenated).toMatchObject({ text: "tone-", openEnd: true });
    expect(escaped).toMatchObject({ text: "a\tb", exact: false });
  });
});

describe("which names are shortened", () => {
  const app = analyzeModule(
    `const A = () => <div className="tool-card flex items-center grid-cols-3 lg:grid-cols-[16rem_1fr] tone-calm">{x}</div>;
     const B = ({ n, tone }: { n: number; tone: string }) => <div className={\`grid-cols-\${n} \${tone}-calm\`} />;`,
    "app.tsx",
  );
  const browserTest = analyzeModule(`page.locator(".tool-card"); page.locator(\`.items-\${x}\`); getByTestId("flex"); css.includes("lg\\\\:grid-cols-\\\\[16rem_1fr\\\\]");`, "t.test.ts");

  it("keeps names another text mentions, or that a name built at run time could be", () => {
    const withoutEscapedMention = analyzeModule(`page.locator(".tool-card"); page.locator(\`.items-\${x}\`); getByTestId("flex");`, "t.test.ts");
    const names = planShortNames([app], [withoutEscapedMention], ["active"]);
    expect([...names.keys()].sort()).toEqual(["lg:grid-cols-[16rem_1fr]"]);
    // tool-card and flex: mentioned by the test; grid-cols-3, items-center, tone-calm: could be built at run time.
    expect(names.get("lg:grid-cols-[16rem_1fr]")).toMatch(/^[A-Z]/);
    // A mention in a stylesheet's escaped form counts too.
    expect(planShortNames([app], [browserTest]).size).toBe(0);
  });

  it("treats a mention as a whole name only", () => {
    expect(mentions(".tool-card a", "tool-card")).toBe(true);
    expect(mentions(".tool-card-title", "tool-card")).toBe(false);
    expect(mentions("[data-testid=card-stage]", "card-stage")).toBe(false);
    expect(mentions("md:flex", "flex")).toBe(true);
  });

  it("counts short names through one, two and three characters", () => {
    expect([0, 25, 26, 27, 26 + 62 * 26 - 1, 26 + 62 * 26].map(shortName)).toEqual(["A", "Z", "AA", "AB", "Z9", "AAA"]);
  });
});

describe("the stylesheet's selectors", () => {
  const names = new Map([
    ["hover:bg-slate-100", "A"],
    ["lg:grid-cols-[16rem_1fr]", "B"],
    ["group", "C"],
    ["space-y-0.5", "D"],
    ["2xl:p-4", "E"],
  ]);

  it("renames escaped names, nested ones and leaves attribute selectors and others alone", () => {
    expect(shortenSelector(".hover\\:bg-slate-100:hover", names)).toBe(".A:hover");
    expect(shortenSelector(".lg\\:grid-cols-\\[16rem_1fr\\]", names)).toBe(".B");
    expect(shortenSelector(".x:is(:where(.group):hover *)", names)).toBe(".x:is(:where(.C):hover *)");
    expect(shortenSelector(":where(.space-y-0\\.5>:not(:last-child))", names)).toBe(":where(.D>:not(:last-child))");
    expect(shortenSelector(".\\32 xl\\:p-4", names)).toBe(".E");
    expect(shortenSelector('[data-x=".group"] .group', names)).toBe('[data-x=".group"] .C');
  });

  it("leaves keyframe steps and declarations as they are", () => {
    const css = "@keyframes spin{to{rotate:1turn}}.group{content:'.group'}@media (width>=64rem){.lg\\:grid-cols-\\[16rem_1fr\\]{display:grid}}";
    expect(shortenCss(css, names)).toBe("@keyframes spin{to{rotate:1turn}}.C{content:'.group'}@media (width>=64rem){.B{display:grid}}");
  });
});

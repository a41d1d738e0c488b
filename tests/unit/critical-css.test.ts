import { describe, expect, it } from "vitest";
import { criticalCssOf } from "~/delivery/critical-css.server";

// Shaped like the built stylesheet: layers, theme values, Tailwind's escaped variant classes, @property.
const css = [
  "@layer theme{:root,:host{--color-white:#fff;--color-brand-600:#4f46e5;--font-sans:system-ui;--default-font-family:var(--font-sans)}}",
  "@layer base{*,:after{box-sizing:border-box}html{font-family:var(--default-font-family)}}",
  "@layer components{.tool-card{border-radius:.75rem}.dialog-panel{background:var(--color-white)}}",
  "@layer utilities{.bg-white{background-color:var(--color-white)}.text-brand-600{color:var(--color-brand-600)}",
  "@media (hover:hover){.hover\\:bg-white:hover{background-color:var(--color-white)}.hover\\:underline:hover{text-decoration-line:underline}}",
  "@media (width>=64rem){.lg\\:grid-cols-\\[16rem_1fr\\]{grid-template-columns:16rem 1fr}}",
  ":is(:where(.group):hover .group-hover\\:block){display:block}",
  ".card-link:not(.is-active)::after{content:''}",
  ".backdrop-blur{--tw-backdrop-blur:blur(8px);backdrop-filter:var(--tw-backdrop-blur,)}}",
  ".brand-mark{color:var(--brand)}",
  ".content-\\[\\'›\\'\\]{--tw-content:'›';content:var(--tw-content)}",
  "@property --tw-backdrop-blur{syntax:\"*\";inherits:false}@property --tw-shadow{syntax:\"*\";inherits:false}",
  "@keyframes pulse{50%{opacity:.5}}",
].join("");

const inlined = criticalCssOf(css);
const critical = (html: string) => inlined(Buffer.from(html));

describe("critical CSS: the stylesheet's rules a page's markup uses", () => {
  const page = critical(
    '<html><body class="bg-white hover:bg-white lg:grid-cols-[16rem_1fr]"><ul class="group"><li class="tool-card group-hover:block">' +
      '<a class="card-link backdrop-blur">x</a></li></ul></body></html>',
  );

  it("keeps the rules of classes on the page, with their hover and wide-screen variants", () => {
    expect(page).toContain(".bg-white{");
    expect(page).toContain(".tool-card{");
    expect(page).toContain(".hover\\:bg-white:hover{");
    expect(page).toContain("@media (width>=64rem){.lg\\:grid-cols-\\[16rem_1fr\\]{");
    expect(page).toContain(".group-hover\\:block)");
    // A class the selector only excludes is not required.
    expect(page).toContain(".card-link:not(.is-active)::after");
  });

  it("drops the rules of classes the page does not use, and blocks left empty", () => {
    expect(page).not.toContain(".dialog-panel");
    expect(page).not.toContain(".text-brand-600");
    expect(page).not.toContain("underline");
    expect(page).not.toContain(".brand-mark");
  });

  it("keeps element rules, keyframes and the custom properties kept rules read, transitively", () => {
    expect(page).toContain("@layer base{*,:after{box-sizing:border-box}html{font-family:var(--default-font-family)}}");
    expect(page).toContain("@keyframes pulse{50%{opacity:.5}}");
    expect(page).toContain("--color-white:#fff");
    expect(page).toContain("--default-font-family:var(--font-sans)");
    expect(page).toContain("--font-sans:system-ui");
    expect(page).not.toContain("--color-brand-600");
    expect(page).toContain("@property --tw-backdrop-blur");
    expect(page).not.toContain("@property --tw-shadow");
  });

  it("reads classes with escaped characters and custom properties from style attributes", () => {
    const withStyle = critical('<p class="brand-mark text-brand-600" style="--brand:#10a37f"></p><a class="x&amp;y"></a>');
    // A class with characters outside ASCII (an arbitrary value) matches its escaped selector.
    expect(critical('<i class="content-[&#x27;›&#x27;]"></i>')).toContain("content-\\[\\'›\\'\\]");
    expect(withStyle).toContain(".brand-mark{color:var(--brand)}");
    expect(withStyle).toContain("--color-brand-600:#4f46e5");
    expect(withStyle).not.toContain("--color-white");
  });

  it("gives the same text for the same markup (a subset is made once per class set)", () => {
    const markup = '<div class="tool-card bg-white"></div>';
    expect(critical(markup)).toBe(critical(markup));
    expect(critical(markup)).not.toBe(critical('<div class="tool-card"></div>'));
  });
});

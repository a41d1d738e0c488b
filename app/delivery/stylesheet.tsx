import { createContext, useContext, type LinkHTMLAttributes } from "react";
import { Links, UNSAFE_FrameworkContext } from "react-router";
import type { Delivery } from "./mode";

/**
 * The app stylesheet's rules for the page's own markup, inlined into the document in production builds.
 *
 * As a `<link>` the browser waits one more round trip before the first paint (decision 0037's table);
 * inlined whole it was half of a page's HTML, so only the rules the page uses are inlined and the whole
 * file follows without blocking (decision 0038). The server entry provides the text here; without it
 * (development, missing file) the page links the stylesheet as usual. The browser renders whatever the
 * server sent: it reads the text back from the page instead of shipping it in a script.
 */
const InlineCssContext = createContext<string | null>(null);
export const InlineCssProvider = InlineCssContext.Provider;

const STYLE_ID = "app-css";
/** Marks the preloads of the whole stylesheet, which `applyFullStylesheet` turns into stylesheets. */
const FULL_STYLESHEET_ATTRIBUTE = "data-full-css";

/**
 * Applies the whole stylesheet (preloaded by the page) and resolves once it is in use, or has failed, or
 * after `timeoutMs`: the browser entry hydrates after it, so menus, dialogs and the next page never show
 * without their rules. The added <link> sits in <head> outside React's tree (React skips it when hydrating).
 */
export function applyFullStylesheet(timeoutMs = 10_000): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>(`link[${FULL_STYLESHEET_ATTRIBUTE}]`);
  const loads = [...preloads].map(
    (preload) =>
      new Promise<void>((resolve) => {
        const sheet = document.createElement("link");
        sheet.rel = "stylesheet";
        sheet.href = preload.href;
        sheet.addEventListener("load", () => resolve());
        sheet.addEventListener("error", () => resolve());
        document.head.appendChild(sheet);
      }),
  );
  return Promise.race([Promise.all(loads).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}
let textInPage: string | null | undefined;

function useInlineCss(): string | null {
  const fromServer = useContext(InlineCssContext);
  if (typeof document === "undefined") return fromServer;
  if (textInPage === undefined) textInPage = document.getElementById(STYLE_ID)?.textContent ?? null;
  return textInPage;
}

/**
 * The document's links. Fast delivery in production: what <Links /> renders (the root's `links()`, here only
 * the favicon, and the root's CSS, app.css being the only route CSS), except that the stylesheet is inlined
 * when the server has its text; the file names come from React Router's internal context. Stock delivery,
 * development (where <Links /> also carries Vite's critical CSS), and a page whose root data failed: <Links />.
 */
export function DocumentLinks({ delivery, nonce, favicon }: { delivery: Delivery | undefined; nonce: string; favicon: LinkHTMLAttributes<HTMLLinkElement> }) {
  if (import.meta.env.DEV || delivery !== "fast") return <Links nonce={nonce} />;
  return (
    <>
      <link {...favicon} />
      <InlinedStylesheet nonce={nonce} />
    </>
  );
}

function InlinedStylesheet({ nonce }: { nonce: string }) {
  const hrefs = useContext(UNSAFE_FrameworkContext)?.manifest.routes.root?.css ?? [];
  return <AppStylesheet hrefs={hrefs} nonce={nonce} />;
}

function AppStylesheet({ hrefs, nonce }: { hrefs: readonly string[]; nonce: string }) {
  const css = useInlineCss();
  if (css !== null) {
    // The inlined part is what this page's markup uses (critical-css.server.ts); the whole file is fetched
    // beside it without blocking the first paint, and the browser entry applies it before hydrating.
    return (
      <>
        <style id={STYLE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
        {hrefs.map((href) => (
          <link key={href} rel="preload" as="style" href={href} nonce={nonce} fetchPriority="low" {...{ [FULL_STYLESHEET_ATTRIBUTE]: "" }} />
        ))}
      </>
    );
  }
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="stylesheet" href={href} nonce={nonce} />
      ))}
    </>
  );
}

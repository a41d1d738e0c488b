import { createContext, useContext, type LinkHTMLAttributes } from "react";
import { Links, UNSAFE_FrameworkContext } from "react-router";
import type { Delivery } from "./mode";

/**
 * The app stylesheet, inlined into the document in production builds.
 *
 * It is small (about 8 KB compressed) and blocks the first paint: as a `<link>` the browser waits one
 * more round trip, and on a fast connection runs the scripts before it paints at all. The server entry
 * reads the built file once and provides its text here; without it (development, missing file) the
 * page links the stylesheet as usual. The browser renders whatever the server sent: it reads the text
 * back from the page instead of shipping it in a script.
 */
const InlineCssContext = createContext<string | null>(null);
export const InlineCssProvider = InlineCssContext.Provider;

const STYLE_ID = "app-css";
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
  if (css !== null) return <style id={STYLE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="stylesheet" href={href} nonce={nonce} />
      ))}
    </>
  );
}

import { createContext, useContext } from "react";

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

export function AppStylesheet({ hrefs, nonce }: { hrefs: readonly string[]; nonce: string }) {
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

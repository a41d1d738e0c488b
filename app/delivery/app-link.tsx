import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { Delivery } from "./mode";

type LinkClick = (event: MouseEvent<HTMLAnchorElement>) => void;

/** The in-app click handler (fast delivery), "router-link" for React Router's own <Link> (stock), or none (a plain link). */
const LinkClickContext = createContext<LinkClick | "router-link" | undefined>(undefined);

/**
 * Makes every AppLink below it navigate inside the app: one router hook for the page instead of the
 * dozen hooks React Router's <Link> runs for each link (a page has 50-65 links, most of them cards and
 * footer entries, and they were a visible share of rendering it on the server).
 */
export function AppLinkNavigation({ delivery, children }: { delivery: Delivery; children: ReactNode }) {
  if (delivery === "stock") return <LinkClickContext.Provider value="router-link">{children}</LinkClickContext.Provider>;
  return <FastLinkNavigation>{children}</FastLinkNavigation>;
}

function FastLinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = useCallback<LinkClick>(
    (event) => {
      // What <Link> leaves to the browser: other buttons, modifier keys (new tab/window), other targets.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.currentTarget;
      const target = anchor.getAttribute("target");
      const href = anchor.getAttribute("href");
      if ((target && target !== "_self") || !href) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      // Like <Link>: a link to the page already shown replaces its history entry instead of adding one.
      void navigate(href, { replace: href === pathname + search + hash });
    },
    [navigate],
  );
  return <LinkClickContext.Provider value={onClick}>{children}</LinkClickContext.Provider>;
}

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path inside the app (`/de/tool/chatgpt`). */
  to: string;
};

/**
 * A link inside the app: the href, and in-app navigation on click through AppLinkNavigation. No
 * `data-discover` as `<Link>` writes: the browser gets the whole route manifest up front (decision 0016),
 * so nothing reads it (decision 0042). Without JavaScript, or outside that provider, it is a plain link. Under stock
 * delivery it is React Router's <Link>.
 */
export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  const navigate = useContext(LinkClickContext);
  if (navigate === "router-link") return <Link {...rest} to={to} onClick={onClick} />;
  const handleClick: LinkClick | undefined =
    onClick && navigate
      ? (event) => {
          onClick(event);
          if (!event.defaultPrevented) navigate(event);
        }
      : (onClick ?? navigate);
  return <a {...rest} href={to} onClick={handleClick} />;
}

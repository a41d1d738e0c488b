import type { ReactNode } from "react";

/**
 * A box that scrolls sideways (a wide table on a phone). Keyboard users reach it with Tab and scroll it
 * with the arrow keys, and screen readers announce it by the name of what it holds.
 */
export function ScrollRegion({ label, labelledBy, className, children, testId }: { label?: string; labelledBy?: string; className?: string; children: ReactNode; testId?: string }) {
  return (
    <div role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} className={`overflow-x-auto ${className ?? ""}`} data-testid={testId}>
      {children}
    </div>
  );
}

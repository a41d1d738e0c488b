import type { ReactNode } from "react";

/**
 * A box that scrolls sideways (a wide table on a phone). Keyboard users reach it with Tab and scroll it
 * with the arrow keys, and screen readers announce it by the name of what it holds. A group, not a region:
 * it often sits in a section that is already the landmark of that name.
 */
export function ScrollRegion({ label, labelledBy, className, children, testId }: { label?: string; labelledBy?: string; className?: string; children: ReactNode; testId?: string }) {
  return (
    <div role="group" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} className={`overflow-x-auto ${className ?? ""}`} data-testid={testId}>
      {children}
    </div>
  );
}

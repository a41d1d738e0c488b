import { lazy, Suspense } from "react";
import { usePickedTools } from "./compare-store";

// No page's HTML holds the tray (picks live in this browser only), so its code loads once there is a pick.
const CompareTrayPanel = lazy(() => import("./compare-tray-panel").then((module) => ({ default: module.CompareTrayPanel })));

/** The tray at the bottom of every page once a tool is picked. */
export function CompareTray() {
  const picked = usePickedTools();
  if (picked.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CompareTrayPanel picked={picked} />
    </Suspense>
  );
}

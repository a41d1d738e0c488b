import { useEffect, useRef, useState } from "react";

/**
 * Tracks whether an image failed to load, so a component can show its fallback instead of a broken
 * image. Spread `imageProps` on the <img>. An image that failed before hydration fired no React
 * event, so its loaded state is also checked once mounted.
 */
export function useImageFailure() {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (ref.current?.complete && ref.current.naturalWidth === 0) setFailed(true);
  }, []);
  return { failed, imageProps: { ref, onError: () => setFailed(true) } };
}

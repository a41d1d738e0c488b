import type { CSSProperties } from "react";
import { useImageFailure } from "~/lib/image-fallback";
import { initialsOf } from "~/lib/initials";

/** How a card's image loads: "lazy" below the fold, "eager" in the first screen, "high" for the likely largest paint. */
export type MarkPriority = "lazy" | "eager" | "high";

const NEUTRAL = "#64748b";
const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A card's picture: the tool's mark shown whole and centred on a calm tint of its brand colour, at most
 * the size it was drawn at (the image keeps its own proportions; the stage never crops it). Without a
 * picture, or when it fails to load, a tile of the initials in the brand colour. Styles: `look.css`.
 */
export function CardMark({
  name,
  png,
  webp,
  color,
  priority = "lazy",
  size = "card",
}: {
  name: string;
  png: string | null;
  webp?: string | null;
  color: string | null | undefined;
  priority?: MarkPriority;
  /** "card": the 180 px stage of tool and e-commerce cards; "compact": the favourites page's smaller one. */
  size?: "card" | "compact";
}) {
  const { failed, imageProps } = useImageFailure();
  const brand = color && HEX.test(color) ? color : NEUTRAL;
  const original = png || webp;
  return (
    <div className={size === "compact" ? "card-stage card-stage-compact" : "card-stage"} style={{ "--brand": brand } as CSSProperties} data-testid="card-stage">
      {failed || !original ? (
        <span className="card-mark-initials" aria-hidden="true">
          {initialsOf(name)}
        </span>
      ) : (
        <picture>
          {webp && webp !== original ? <source srcSet={webp} type="image/webp" /> : null}
          <img
            {...imageProps}
            src={original}
            alt=""
            width={256}
            height={256}
            loading={priority === "lazy" ? "lazy" : "eager"}
            fetchPriority={priority === "high" ? "high" : undefined}
            decoding="async"
            className="card-mark"
            data-testid="card-mark"
          />
        </picture>
      )}
    </div>
  );
}

/** A wide cover (case studies) shown whole across the card at its own proportions. */
export function CardCover({ src, priority = "lazy" }: { src: string; priority?: MarkPriority }) {
  const { failed, imageProps } = useImageFailure();
  if (failed) return <div className="card-cover" aria-hidden="true" data-testid="card-stage" />;
  return (
    <img
      {...imageProps}
      src={src}
      alt=""
      width={1200}
      height={630}
      loading={priority === "lazy" ? "lazy" : "eager"}
      decoding="async"
      className="card-cover"
      data-testid="card-mark"
    />
  );
}

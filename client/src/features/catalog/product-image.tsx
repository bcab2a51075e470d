import { useState } from "react";

interface Props {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}

/** A product image with fixed dimensions (no layout shift) and a neutral placeholder when missing or broken. */
export function ProductImage({ src, alt, width, height, eager = false, className }: Props) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div
        className={`img-placeholder ${className ?? ""}`}
        role="img"
        aria-label={alt}
        style={{ aspectRatio: `${width} / ${height}` }}
      />
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      className={className}
      onError={() => setBroken(true)}
    />
  );
}

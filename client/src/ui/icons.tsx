/** Line icons drawn with the text colour; decorative, so hidden from assistive technology (the button names them). */
import type { ReactNode } from "react";

interface IconProps {
  /** Width and height in CSS pixels. */
  size?: number;
  className?: string | undefined;
}

function LineIcon({
  size = 18,
  className,
  filled = false,
  children,
}: IconProps & { filled?: boolean; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

/** What a line icon draws on its 24-pixel grid: circles as [cx, cy, r], then one path. */
interface Drawing {
  circles?: readonly (readonly [number, number, number])[];
  path: string;
}

/** An icon component that draws `drawing`. */
function lineIcon({ circles = [], path }: Drawing) {
  return function Icon(props: IconProps) {
    return (
      <LineIcon {...props}>
        {circles.map(([cx, cy, r]) => (
          <circle key={`${cx} ${cy}`} cx={cx} cy={cy} r={r} />
        ))}
        <path d={path} />
      </LineIcon>
    );
  };
}

export const MenuIcon = lineIcon({ path: "M4 6h16M4 12h16M4 18h16" });

export const SearchIcon = lineIcon({ circles: [[11, 11, 7]], path: "m20 20-3.5-3.5" });

export const CartIcon = lineIcon({
  circles: [
    [10, 20, 1.4],
    [17, 20, 1.4],
  ],
  path: "M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6",
});

export const CloseIcon = lineIcon({ path: "M6 6l12 12M18 6 6 18" });

/** A cross in a circle: clears a field. */
export const ClearIcon = lineIcon({ circles: [[12, 12, 9]], path: "m9 9 6 6M15 9l-6 6" });

export const SunIcon = lineIcon({
  circles: [[12, 12, 4]],
  path: "M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
});

export const MoonIcon = lineIcon({ path: "M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" });

export const GlobeIcon = lineIcon({
  circles: [[12, 12, 9]],
  path: "M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18",
});

/** Points to the left; add the flip-rtl class where it means "previous". */
export const ChevronLeftIcon = lineIcon({ path: "m15 18-6-6 6-6" });

/** Points to the right; add the flip-rtl class where it means "next". */
export const ChevronRightIcon = lineIcon({ path: "m9 18 6-6-6-6" });

export function HeartIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <LineIcon {...props} filled={filled}>
      <path d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.3 3.2 4.5 7 4.5c2.1 0 3.6 1.1 5 2.9 1.4-1.8 2.9-2.9 5-2.9 3.8 0 5.9 3.8 4.5 7.2C19.5 16.4 12 21 12 21z" />
    </LineIcon>
  );
}

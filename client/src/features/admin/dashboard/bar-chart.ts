/** Geometry of the dashboard's bar charts, in the SVG's own units: one bar per value, left to right (a
 * right-to-left page mirrors the drawing with CSS), the tallest at full height. */
export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BarLayout {
  width: number;
  height: number;
  /** Space between two bars, as a share of each bar's slot. */
  gap?: number;
  /** The lowest height a non-zero value gets, so a small day is still seen. */
  minHeight?: number;
}

export function layoutBars(values: readonly number[], { width, height, gap = 0.2, minHeight = 1 }: BarLayout): Bar[] {
  const max = Math.max(0, ...values);
  const slot = values.length > 0 ? width / values.length : 0;
  const barWidth = slot * (1 - gap);
  return values.map((value, i) => {
    const h = max > 0 && value > 0 ? Math.max(minHeight, (value / max) * height) : 0;
    return { x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
}

/** The index of the largest value (the first one on a tie), or -1 when every value is 0. */
export function peakIndex(values: readonly number[]): number {
  let best = -1;
  values.forEach((v, i) => {
    if (v > 0 && (best < 0 || v > (values[best] ?? 0))) best = i;
  });
  return best;
}

import { describe, expect, it } from "vitest";
import { layoutBars, peakIndex } from "./bar-chart.ts";

describe("layoutBars", () => {
  it("gives each value a slot, the largest at full height and zero none", () => {
    const bars = layoutBars([0, 5, 10], { width: 300, height: 100, gap: 0.2 });
    expect(bars.map((b) => b.height)).toEqual([0, 50, 100]);
    expect(bars.map((b) => b.y)).toEqual([100, 50, 0]);
    expect(bars.map((b) => Math.round(b.x))).toEqual([10, 110, 210]);
    expect(bars.every((b) => b.width === 80)).toBe(true);
  });

  it("keeps a small value visible and draws nothing for an empty window", () => {
    expect(layoutBars([1, 1000], { width: 20, height: 100, minHeight: 2 })[0]?.height).toBe(2);
    expect(layoutBars([0, 0], { width: 20, height: 100 }).every((b) => b.height === 0)).toBe(true);
    expect(layoutBars([], { width: 20, height: 100 })).toEqual([]);
  });
});

describe("peakIndex", () => {
  it("finds the first largest value, or none", () => {
    expect(peakIndex([1, 3, 3, 2])).toBe(1);
    expect(peakIndex([0, 0])).toBe(-1);
  });
});

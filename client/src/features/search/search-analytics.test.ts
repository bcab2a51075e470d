import { describe, expect, it, vi } from "vitest";
import { createSearchAnalytics, type SearchEventData, type SearchEventName } from "./search-analytics.ts";

describe("search analytics", () => {
  it("hands each event to the sink with its data", () => {
    const events: [SearchEventName, SearchEventData][] = [];
    const analytics = createSearchAnalytics((name, data) => events.push([name, data]));
    analytics.track("search_opened");
    analytics.track("search_typed", { query: "elden", results: 1 });
    expect(events).toEqual([
      ["search_opened", {}],
      ["search_typed", { query: "elden", results: 1 }],
    ]);
  });

  it("never lets a failing sink break search", () => {
    const analytics = createSearchAnalytics(() => {
      throw new Error("boom");
    });
    expect(() => analytics.track("search_empty", { query: "zzz" })).not.toThrow();
  });

  it("logs to console.debug in development and never touches the network", () => {
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    createSearchAnalytics().track("search_filter_applied", { filter: "platform", value: "PC", active: true });
    expect(debug).toHaveBeenCalledTimes(import.meta.env.DEV ? 1 : 0);
    expect(fetchSpy).not.toHaveBeenCalled();
    debug.mockRestore();
    fetchSpy.mockRestore();
  });
});

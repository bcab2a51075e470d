/** Search analytics is only a debug log (docs/product.md, "Search overlay"):
 * console.debug in development, no network. */

export type SearchEventName =
  "search_opened" | "search_typed" | "search_empty" | "search_result_view" | "search_filter_applied";

export type SearchEventData = Record<string, string | number | boolean | null>;

export type SearchEventSink = (name: SearchEventName, data: SearchEventData) => void;

export interface SearchAnalytics {
  track(name: SearchEventName, data?: SearchEventData): void;
}

const consoleSink: SearchEventSink = (name, data) => console.debug(`[analytics] ${name}`, data);
const silentSink: SearchEventSink = () => {};

function defaultSink(): SearchEventSink {
  return import.meta.env.DEV ? consoleSink : silentSink;
}

/** A tracker writing to `sink` (tests inject one; the app gets console.debug in development only). */
export function createSearchAnalytics(sink: SearchEventSink = defaultSink()): SearchAnalytics {
  return {
    track(name, data = {}) {
      try {
        sink(name, data);
      } catch {
        // Analytics must never break search.
      }
    },
  };
}

export const searchAnalytics: SearchAnalytics = createSearchAnalytics();

/** The overlay's list as the shopper moves through it: shown a page at a time (more as they scroll, or as the
 * arrow keys reach the end), with one row highlighted for the keyboard. Both restart whenever the list changes. */
import { useEffect, useState, type RefObject } from "react";
import type { SearchHits } from "./search-engine.ts";
import { optionId } from "./search-result-row.tsx";

const PAGE_SIZE = 20;
/** Scrolling past this share of the list shows the next page. */
const GROW_AT = 0.75;

export function useResultList(options: SearchHits, highlightFirst: boolean, scrollRef: RefObject<HTMLElement | null>) {
  const [listFor, setListFor] = useState(options);
  const [visible, setVisible] = useState(PAGE_SIZE);
  const [active, setActive] = useState(highlightFirst ? 0 : -1);
  if (listFor !== options) {
    setListFor(options);
    setVisible(PAGE_SIZE);
    setActive(highlightFirst && options.length > 0 ? 0 : -1);
  }

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);

  // A list too short to scroll cannot be scrolled past 75%: keep filling until it can.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && visible < options.length && el.scrollHeight <= el.clientHeight) setVisible((v) => v + PAGE_SIZE);
  }, [visible, options.length, scrollRef]);

  const showMore = () => setVisible((v) => Math.min(options.length, v + PAGE_SIZE));

  return {
    shown: options.slice(0, visible),
    /** Whether every row is shown. */
    complete: visible >= options.length,
    active,
    setActive,
    /** Moves the highlight one row down or up, showing the next page as it nears the end. */
    move: (step: 1 | -1) => {
      if (options.length === 0) return;
      const next = step > 0 ? Math.min(options.length - 1, active + 1) : Math.max(0, active - 1);
      if (next >= visible - 1) showMore();
      setActive(next);
    },
    onScroll: () => {
      const el = scrollRef.current;
      if (!el || visible >= options.length) return;
      if ((el.scrollTop + el.clientHeight) / el.scrollHeight > GROW_AT) showMore();
    },
  };
}

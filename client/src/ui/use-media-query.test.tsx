// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMediaQuery } from "./use-media-query.ts";

/** A window.matchMedia whose one query matches or not as the test says, telling its listeners. */
function fakeMedia(matches: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches };
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({
      get matches() {
        return state.matches;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    set(next: boolean) {
      state.matches = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

function Shown() {
  return <p data-testid="phone">{useMediaQuery("(max-width: 760px)") ? "phone" : "wide"}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("useMediaQuery", () => {
  it("answers whether the query matches, and follows it when it changes", () => {
    const media = fakeMedia(true);
    render(<Shown />);
    expect(screen.getByTestId("phone").textContent).toBe("phone");
    act(() => media.set(false));
    expect(screen.getByTestId("phone").textContent).toBe("wide");
    cleanup();
    expect(media.listeners.size).toBe(0);
  });
});

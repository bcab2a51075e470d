// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

afterEach(() => cleanup());
// Each test starts with a toast module that has not loaded sonner yet.
beforeEach(() => vi.resetModules());

/** Loading sonner is a dynamic import: on a busy machine it takes longer than findBy's default second. */
const LOADED = { timeout: 10_000 };

const OFFLINE = "The store is ready to work offline.";
const liveRegion = () => document.querySelector("section[aria-live]");

describe("toast", () => {
  it("shows a toast made before sonner has loaded, once its Toaster has mounted", async () => {
    const { LazyToaster, toast } = await import("./toast.tsx");
    render(<LazyToaster />);
    expect(document.querySelector("[data-sonner-toaster]")).toBeNull();
    await act(async () => toast.success("Added to cart", { description: "Steam Wallet $20" }));
    expect(await screen.findByText("Added to cart", undefined, LOADED)).toBeTruthy();
    expect(screen.getByText("Steam Wallet $20")).toBeTruthy();
    toast.error("Could not add to cart.");
    expect(await screen.findByText("Could not add to cart.", undefined, LOADED)).toBeTruthy();
  });

  it("loads nothing until the first toast, and puts it in a live region that was already there", async () => {
    const { LazyToaster, REGION_SETTLE_MS, toast } = await import("./toast.tsx");
    render(<LazyToaster />);
    // Longer than any idle wait: a page that shows no toast never loads sonner.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(liveRegion()).toBeNull();

    let regionSeen = 0;
    let toastSeen = 0;
    const observer = new MutationObserver(() => {
      const region = liveRegion();
      if (region && !regionSeen) regionSeen = performance.now();
      // sonner's toasts outlive a test (its module is shared), so this looks for this test's toast only.
      if (region?.textContent?.includes(OFFLINE) && !toastSeen) toastSeen = performance.now();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await act(async () => toast(OFFLINE));
    expect(await screen.findByText(OFFLINE, undefined, LOADED)).toBeTruthy();
    observer.disconnect();
    expect(regionSeen).toBeGreaterThan(0);
    // The region was in the page, empty, before the toast went into it (timers may fire a little early).
    expect(toastSeen - regionSeen).toBeGreaterThanOrEqual(REGION_SETTLE_MS - 20);
    expect(liveRegion()?.getAttribute("aria-live")).toBe("polite");
  });
});

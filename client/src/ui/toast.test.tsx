// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LazyToaster, toast } from "./toast.tsx";

afterEach(() => cleanup());

/** Loading sonner is a dynamic import: on a busy machine it takes longer than findBy's default second. */
const LOADED = { timeout: 10_000 };

describe("toast", () => {
  it("shows a toast made before sonner has loaded, once its Toaster has mounted", async () => {
    render(<LazyToaster />);
    expect(document.querySelector("[data-sonner-toaster]")).toBeNull();
    await act(async () => toast.success("Added to cart", { description: "Steam Wallet $20" }));
    expect(await screen.findByText("Added to cart", undefined, LOADED)).toBeTruthy();
    expect(screen.getByText("Steam Wallet $20")).toBeTruthy();
    toast.error("Could not add to cart.");
    expect(await screen.findByText("Could not add to cart.", undefined, LOADED)).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { activateLocale, i18n } from "../i18n/i18n.ts";
import { Figure } from "./figure.tsx";

beforeAll(async () => {
  await activateLocale("en");
});
afterEach(cleanup);

const shown = (value: number | null | undefined) =>
  render(
    <I18nProvider i18n={i18n}>
      <p data-testid="figure">
        <Figure value={value} />
      </p>
    </I18nProvider>,
  );

describe("a figure", () => {
  it("shows a dash, read out as Loading…, until it is known: not a 0", () => {
    shown(undefined);
    const figure = screen.getByTestId("figure");
    expect(figure.textContent).toBe("—Loading…");
    expect(screen.getByText("—").getAttribute("aria-hidden")).toBe("true");
    expect(figure.textContent).not.toContain("0");
  });

  it("shows the value once known, a 0 included", () => {
    shown(0);
    expect(screen.getByTestId("figure").textContent).toBe("0");
    cleanup();
    shown(42);
    expect(screen.getByTestId("figure").textContent).toBe("42");
    expect(screen.queryByTestId("figure-pending")).toBeNull();
  });
});

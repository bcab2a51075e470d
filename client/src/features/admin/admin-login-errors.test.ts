import { describe, expect, it } from "vitest";
import { AdminNetworkError, errorFromResponse } from "../../api/admin-client.ts";
import { RATE_LIMITED } from "@store/shared/schemas/errors";
import { activateLocale, i18n } from "../../i18n/i18n.ts";
import { throttledAnswerText } from "../../i18n/throttled-answer.ts";
import { loginErrorText } from "./admin-login-page.tsx";

const texts = {
  network: "Network error",
  invalid: "Invalid username or password",
  throttled: (body: unknown) => throttledAnswerText(i18n, body),
};

describe("login error text", () => {
  it("says 'Network error' when the server cannot be reached", () => {
    expect(loginErrorText(new AdminNetworkError(new TypeError("Failed to fetch")), texts)).toBe("Network error");
  });
  it("shows wrong credentials in the operator's language", () => {
    expect(loginErrorText(errorFromResponse(401, { ok: false, error: "Invalid username or password" }), texts)).toBe(
      texts.invalid,
    );
  });
  it("says how long to wait, in the operator's language, when throttled", async () => {
    await activateLocale("en");
    const answer = { error: "Too many login attempts. Please try again later.", code: RATE_LIMITED, retryAfter: 8 };
    expect(loginErrorText(errorFromResponse(429, answer), texts)).toBe("Too many attempts. Please try again in 8 s.");
    const later = { ...answer, retryAfter: 600 };
    expect(loginErrorText(errorFromResponse(429, later), texts)).toBe("Too many attempts. Please try again in 10 min.");
    await activateLocale("fr");
    expect(loginErrorText(errorFromResponse(429, answer), texts)).toBe(
      "Trop de tentatives. Veuillez réessayer dans 8 s.",
    );
    await activateLocale("en");
    // An older server's 429 without the code: its own words.
    expect(loginErrorText(errorFromResponse(429, { error: "Too many login attempts." }), texts)).toBe(
      "Too many login attempts.",
    );
  });
  it("falls back to the invalid-credentials text when the server said nothing useful", () => {
    expect(loginErrorText(errorFromResponse(500, "<html>"), texts)).toBe(texts.invalid);
  });
});

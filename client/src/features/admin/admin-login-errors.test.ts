import { describe, expect, it } from "vitest";
import { AdminNetworkError, errorFromResponse } from "../../api/admin-client.ts";
import { loginErrorText } from "./admin-login-page.tsx";

const texts = { network: "Network error", invalid: "Invalid username or password" };

describe("login error text", () => {
  it("says 'Network error' when the server cannot be reached", () => {
    expect(loginErrorText(new AdminNetworkError(new TypeError("Failed to fetch")), texts)).toBe("Network error");
  });
  it("shows wrong credentials in the operator's language", () => {
    expect(loginErrorText(errorFromResponse(401, { ok: false, error: "Invalid username or password" }), texts)).toBe(
      texts.invalid,
    );
  });
  it("shows the server's message for throttling", () => {
    expect(
      loginErrorText(errorFromResponse(429, { error: "Too many login attempts. Please try again later." }), texts),
    ).toBe("Too many login attempts. Please try again later.");
  });
  it("falls back to the invalid-credentials text when the server said nothing useful", () => {
    expect(loginErrorText(errorFromResponse(500, "<html>"), texts)).toBe(texts.invalid);
  });
});

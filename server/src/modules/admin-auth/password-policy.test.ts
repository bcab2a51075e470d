import { describe, expect, it } from "vitest";
import { isCommonPassword, passwordProblem } from "./password-policy.ts";

describe("new admin passwords", () => {
  it("are at least 12 characters", () => {
    expect(passwordProblem("Xk9!mQ2#vL4")).toMatchObject({ code: "password_too_short", params: { min: 12 } });
    expect(passwordProblem("Xk9!mQ2#vL4$")).toBeUndefined();
  });

  it("are none of the common passwords, in any case, nor one wrapped in digits or repeated", () => {
    for (const password of [
      "qwerty123456",
      "QWERTY123456",
      "1qaz2wsx3edc",
      "Password123!",
      "!!password2024",
      "dragondragon",
      "qwertyqwerty",
      "abcabcabcabc",
      "aaaaaaaaaaaa",
      "123412341234",
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(passwordProblem(password)?.code, password).toBe("password_too_common");
    }
  });

  it("takes the passwords the store itself uses and generates", () => {
    // The end-to-end tests' admin, the server tests' admin, the benchmark store's and a generated one.
    for (const password of [
      "e2e-admin-password-1",
      "correct horse battery",
      "bench-password-1",
      "3q2-vN8xLp_0aTz7Kc1m",
    ])
      expect(passwordProblem(password), password).toBeUndefined();
  });
});

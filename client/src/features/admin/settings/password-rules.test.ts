import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rules.ts";

describe("password rules", () => {
  it("reports a mismatch before the length", () => {
    expect(passwordProblem("abc", "abd")).toBe("mismatch");
  });
  it("refuses a matching password shorter than 6 characters", () => {
    expect(passwordProblem("abcde", "abcde")).toBe("too-short");
  });
  it("accepts a matching password of 6 characters", () => {
    expect(passwordProblem("abcdef", "abcdef")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rules.ts";

describe("password rules", () => {
  it("reports a mismatch before the length", () => {
    expect(passwordProblem("abc", "abd")).toBe("mismatch");
  });
  it("refuses a matching password shorter than 12 characters", () => {
    expect(passwordProblem("abcdefghijk", "abcdefghijk")).toBe("too-short");
  });
  it("accepts a matching password of 12 characters (the server refuses common ones)", () => {
    expect(passwordProblem("abcdefghijkl", "abcdefghijkl")).toBeNull();
  });
});

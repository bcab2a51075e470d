import { describe, expect, it } from "vitest";
import { editConflictSchema, versionedCopySchema } from "./conflict.ts";

describe("the edit conflict's body", () => {
  const current = { id: "steam-20", title: "Theirs", version: 3 };

  it("reads the refusal with the server's copy, keeping the copy's fields", () => {
    const parsed = editConflictSchema.parse({ error: "Changed by someone else.", code: "edit_conflict", current });
    expect(parsed.current).toEqual(current);
    expect(editConflictSchema.parse({ error: "Gone.", code: "edit_conflict", current: null }).current).toBeNull();
  });

  it("refuses another 409, or a copy without a whole version", () => {
    expect(editConflictSchema.safeParse({ error: "Key reused", code: "idempotency_mismatch", current }).success).toBe(
      false,
    );
    expect(editConflictSchema.safeParse({ error: "x", code: "edit_conflict" }).success).toBe(false);
    expect(versionedCopySchema.safeParse({ ...current, version: 2.5 }).success).toBe(false);
    expect(versionedCopySchema.safeParse({ ...current, version: "3" }).success).toBe(false);
  });
});

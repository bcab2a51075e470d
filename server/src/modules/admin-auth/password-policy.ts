/** What a new admin password must be (docs/decisions.md D3): at least MIN_PASSWORD_LENGTH characters, and none of
 * the passwords guessers try first. The list (common-passwords.txt, beside this file in the source and beside
 * main.js in the build) is the most common passwords of leaked sets, lower-cased; the check ignores case. */
import fs from "node:fs";
import { MIN_PASSWORD_LENGTH } from "@store/shared/schemas/admin";
import { ERROR_CODES } from "@store/shared/schemas/error-codes";
import { problem, type Problem } from "../../http/errors.ts";

const PASSWORD_TOO_COMMON = "This password is too common. Choose a longer, less predictable one.";

let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    fs
      .readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  return common;
}

/** Whether a guesser would try `password` early: a listed password in any case, one wrapped in digits and symbols
 * (`Password123!`), or one short piece repeated (`qwertyqwerty`, `abcabcabcabc`). */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const folded = password.normalize("NFKC").toLowerCase();
  if (list.has(folded)) return true;
  const core = folded.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  if (core.length >= 3 && list.has(core)) return true;
  const repeated = /^(.{1,6}?)\1+$/u.exec(folded)?.[1];
  return repeated !== undefined && (repeated.length <= 3 || list.has(repeated));
}

/** Why `password` cannot be a new password, or undefined when it can. */
export function passwordProblem(password: string): Problem | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return problem(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`, ERROR_CODES.passwordTooShort, {
      min: MIN_PASSWORD_LENGTH,
    });
  }
  if (isCommonPassword(password)) return problem(PASSWORD_TOO_COMMON, ERROR_CODES.passwordTooCommon);
  return undefined;
}

/** docs/product.md ("Settings"): the confirmation is checked first, then the length. */
import { MIN_PASSWORD_LENGTH } from "@store/shared/schemas/admin";

export type PasswordProblem = "mismatch" | "too-short";

export function passwordProblem(newPassword: string, confirmPassword: string): PasswordProblem | null {
  if (newPassword !== confirmPassword) return "mismatch";
  if (newPassword.length < MIN_PASSWORD_LENGTH) return "too-short";
  return null;
}

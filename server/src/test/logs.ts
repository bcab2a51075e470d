/** The log lines a test writes, kept to check what is logged (refusals) and what never is (secrets). */
import { vi } from "vitest";

/** Every log line written during a test, to check refusals are logged and secrets are not (restored by
 * vi.restoreAllMocks()). */
export function captureLogs(): string[] {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  vi.spyOn(console, "warn").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  vi.spyOn(console, "log").mockImplementation(keep);
  return lines;
}

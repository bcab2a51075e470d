/** Where the operator stands before a console screen renders: signed in, signed out, or unknown (offline). */
import type { AdminSession } from "@store/shared/schemas/admin";
import { AdminNetworkError } from "../../../api/admin-client.ts";
import { adminApi } from "../../../local/admin-api.ts";

export type AdminSessionState =
  | { kind: "signed-in"; session: AdminSession }
  | { kind: "signed-out" }
  /** The server could not be reached: the console still opens
   * so offline edits can be queued (docs/decisions.md D17). */
  | { kind: "offline" };

/** `refresh` asks the server again; otherwise the session already known (sign-in, last check) is used. */
export async function loadAdminSession(refresh = true): Promise<AdminSessionState> {
  try {
    const session = await adminApi.session(refresh);
    return session ? { kind: "signed-in", session } : { kind: "signed-out" };
  } catch (err) {
    if (err instanceof AdminNetworkError) return { kind: "offline" };
    return { kind: "signed-out" };
  }
}

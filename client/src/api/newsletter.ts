/** The newsletter signup (POST /api/newsletter, docs/decisions.md D13). */
import type { Locale } from "../features/prefs/prefs-rules.ts";

/** How the store answered a signup: stored, refused for too many signups from here (with the answer's
 * body, which says how long to wait), or refused otherwise. A network failure rejects. */
export type SignupAnswer = { status: "done" } | { status: "throttled"; body: unknown } | { status: "error" };

export async function subscribeToNewsletter(email: string, locale: Locale): Promise<SignupAnswer> {
  const res = await fetch("/api/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: email.trim(), locale }),
  });
  if (res.ok) return { status: "done" };
  if (res.status === 429) return { status: "throttled", body: await res.json().catch(() => null) };
  return { status: "error" };
}

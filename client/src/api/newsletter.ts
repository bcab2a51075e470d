/** The newsletter signup (POST /api/newsletter, docs/decisions.md D13). */
import type { NewsletterRequest } from "@store/shared/schemas/newsletter";
import type { Locale } from "../features/prefs/prefs-rules.ts";
import { callEndpoint, endpoint, ignoredBody, isStatusError } from "./endpoint.ts";

/** How the store answered a signup: stored, refused for too many signups from here (with the answer's
 * body, which says how long to wait), or refused otherwise. A network failure rejects. */
export type SignupAnswer = { status: "done" } | { status: "throttled"; body: unknown } | { status: "error" };

// Typed by the shared request's type alone: the signup form is on the home page, whose bundle carries no zod.
const signupEndpoint = endpoint<void, NewsletterRequest, unknown>({
  method: "POST",
  path: () => "/api/newsletter",
  response: ignoredBody,
});

export async function subscribeToNewsletter(email: string, locale: Locale): Promise<SignupAnswer> {
  try {
    await callEndpoint(signupEndpoint, { body: { email: email.trim(), locale } });
    return { status: "done" };
  } catch (err) {
    if (isStatusError(err, 429)) return { status: "throttled", body: err.body ?? null };
    if (isStatusError(err)) return { status: "error" };
    throw err;
  }
}

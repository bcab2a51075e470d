/** Typed domain errors, mapped to HTTP in one place (docs/decisions.md D22). */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { RATE_LIMITED } from "@store/shared/schemas/errors";

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly detail?: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}
/** `extra`: fields added to the answer's body beside `error`, such as a stable `code` and its parameters. */
export class ValidationError extends AppError {
  constructor(message: string, fields?: Record<string, string>, detail?: string, extra?: Record<string, unknown>) {
    super(400, message, detail, fields, extra);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = "Authentication required") {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "Forbidden") {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = "Not found", extra?: Record<string, unknown>) {
    super(404, message, undefined, undefined, extra);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, extra?: Record<string, unknown>, detail?: string) {
    super(409, message, detail, undefined, extra);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message = "Too many requests. Please try again later.",
    readonly retryAfterSeconds = 60,
  ) {
    // The code and the wait in the body too, so the client can say it in the shopper's language.
    super(429, message, undefined, undefined, { code: RATE_LIMITED, retryAfter: retryAfterSeconds });
  }
}

export function fieldsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function errorResponse(err: Error, c: Context): Response {
  if (err instanceof AppError) {
    if (err instanceof TooManyRequestsError) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(
      {
        error: err.message,
        ...(err.detail ? { detail: err.detail } : {}),
        ...(err.fields ? { fields: err.fields } : {}),
        ...(err.extra ?? {}),
      },
      err.status,
    );
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? "Request body too large" : err.message || "Request failed";
    return c.json({ error: message }, status);
  }
  if (err instanceof SyntaxError) return c.json({ error: "Malformed JSON body" }, 400);
  console.error("Unhandled error on", c.req.method, c.req.path, err);
  return c.json({ error: "Internal server error" }, 500);
}

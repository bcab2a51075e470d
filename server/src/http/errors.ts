/** Typed domain errors, mapped to HTTP in one place (docs/decisions.md D22). */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { RATE_LIMITED } from "@store/shared/schemas/errors";
import { editConflictSchema, type EditConflict } from "@store/shared/schemas/conflict";
import {
  ERROR_CODES,
  FIELD_ERROR_CODES,
  fieldCodesFromIssues,
  fieldKey,
  type CodedError,
  type ErrorParams,
} from "@store/shared/schemas/error-codes";

/** A refusal in the server's English with its stable code and parameters (docs/decisions.md D29). */
export interface Problem extends CodedError {
  message: string;
}
/** A field's error: a Problem, or English text alone (then its code is `invalid`). */
export type FieldProblems = Record<string, string | Problem>;

export function problem(message: string, code: string, params?: ErrorParams): Problem {
  return params ? { message, code, params } : { message, code };
}

function asProblem(p: string | Problem, code: string): Problem {
  return typeof p === "string" ? { message: p, code } : p;
}

export class AppError extends Error {
  readonly code: string | undefined;
  readonly params: ErrorParams | undefined;
  readonly fields: Record<string, Problem> | undefined;
  constructor(
    readonly status: ContentfulStatusCode,
    message: string | Problem,
    readonly detail?: string,
    fields?: FieldProblems,
    readonly extra?: Record<string, unknown>,
  ) {
    super(typeof message === "string" ? message : message.message);
    this.code = typeof message === "string" ? undefined : message.code;
    this.params = typeof message === "string" ? undefined : message.params;
    this.fields = fields
      ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, asProblem(v, FIELD_ERROR_CODES.invalid)]))
      : undefined;
  }
}
/** `extra`: fields added to the answer's body beside `error`, such as a stable `code` and its parameters. */
export class ValidationError extends AppError {
  constructor(message: string | Problem, fields?: FieldProblems, detail?: string, extra?: Record<string, unknown>) {
    super(400, asProblem(message, ERROR_CODES.invalidRequest), detail, fields, extra);
  }
}
export const BODY_TOO_LARGE = problem("Request body too large", ERROR_CODES.bodyTooLarge);

/** A 400 about one field: the refusal and the field's error are the same Problem. */
export function fieldRefusal(field: string, p: Problem): ValidationError {
  return new ValidationError(p, { [field]: p });
}
export class UnauthorizedError extends AppError {
  constructor(message = "Authentication required") {
    super(401, problem(message, ERROR_CODES.unauthorized));
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "Forbidden") {
    super(403, problem(message, ERROR_CODES.forbidden));
  }
}
export class NotFoundError extends AppError {
  constructor(message = "Not found", extra?: Record<string, unknown>) {
    super(404, problem(message, ERROR_CODES.notFound), undefined, undefined, extra);
  }
}
export class ConflictError extends AppError {
  constructor(message: string | Problem, extra?: Record<string, unknown>, detail?: string, fields?: FieldProblems) {
    super(409, message, detail, fields, extra);
  }
}
/** The 409 of an edit made against an older version, with the server's copy as it is now (null when it is gone):
 * the body shared/src/schemas/conflict.ts reads, from which the console's outbox takes the version to send over. */
export class EditConflictError extends ConflictError {
  constructor(message: string, current: EditConflict["current"]) {
    super(problem(message, editConflictSchema.shape.code.value), { current });
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message = "Too many requests. Please try again later.",
    readonly retryAfterSeconds = 60,
    code: string = RATE_LIMITED,
  ) {
    // The code and the wait in the body too, so the client can say it in the shopper's language.
    super(429, problem(message, code, { retryAfter: retryAfterSeconds }), undefined, undefined, {
      retryAfter: retryAfterSeconds,
    });
  }
}

/** The first issue of each field, in English (the schema's text) and as a code. */
export function fieldsFromZod(error: ZodError): Record<string, Problem> {
  const codes = fieldCodesFromIssues(error.issues);
  const fields: Record<string, Problem> = {};
  for (const issue of error.issues) {
    const key = fieldKey(issue.path);
    const coded = codes[key];
    if (coded) fields[key] ??= { message: issue.message, ...coded };
  }
  return fields;
}

/** `fields` in English (as before codes) and `fieldCodes`, their codes and parameters, under the same keys. */
function fieldsBody(fields: Record<string, Problem>): {
  fields: Record<string, string>;
  fieldCodes: Record<string, CodedError>;
} {
  const entries = Object.entries(fields);
  return {
    fields: Object.fromEntries(entries.map(([k, p]) => [k, p.message])),
    fieldCodes: Object.fromEntries(entries.map(([k, { code, params }]) => [k, params ? { code, params } : { code }])),
  };
}

export function errorResponse(err: Error, c: Context): Response {
  if (err instanceof AppError) {
    if (err instanceof TooManyRequestsError) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(
      {
        error: err.message,
        ...(err.code ? { code: err.code } : {}),
        ...(err.params ? { params: err.params } : {}),
        ...(err.detail ? { detail: err.detail } : {}),
        ...(err.fields ? fieldsBody(err.fields) : {}),
        ...(err.extra ?? {}),
      },
      err.status,
    );
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413) return errorResponse(new AppError(413, BODY_TOO_LARGE), c);
    return c.json({ error: err.message || "Request failed" }, status);
  }
  if (err instanceof SyntaxError) {
    return c.json({ error: "Malformed JSON body", code: ERROR_CODES.malformedBody }, 400);
  }
  console.error("Unhandled error on", c.req.method, c.req.path, err);
  return c.json({ error: "Internal server error" }, 500);
}

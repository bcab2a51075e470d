/** The operator's manual fulfilment, checked before anything is written: fulfilmentPlan matches the "Fulfil order"
 * form to the order's manual lines lacking codes, and codeRefused is the 400 that names a line. */
import type { FulfilOrder } from "@store/shared/schemas/orders";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import { ValidationError } from "../../http/errors.ts";
import { codeRefusal, type TypedLine } from "../codes/code-intake.ts";
import { titleOf, type Shortfall } from "./orders.common.ts";

/** A manual line being fulfilled, and how a refusal names it. */
export type LineTarget = Omit<TypedLine, "codes"> & { title: string; variantName: string | null };

/** Matches the request to the manual lines lacking codes: each given once, none left out, as many codes as each
 * lacks, each code storable and not given twice for one product. Refuses (400) before anything is written. */
export function fulfilmentPlan(
  manual: readonly Shortfall[],
  request: FulfilOrder,
): { target: LineTarget; missing: number; codes?: string[] }[] {
  const byId = new Map(manual.map((s) => [String(s.line.id), s]));
  const given = new Map<string, FulfilOrder["lines"][number]>();
  for (const l of request.lines) {
    if (!byId.has(l.lineId) || given.has(l.lineId))
      throw new ValidationError(
        given.has(l.lineId)
          ? `Line ${l.lineId} is given twice.`
          : `Line ${l.lineId} is not a line of this order awaiting its codes.`,
        { lines: "Unknown line" },
        undefined,
        { code: ADMIN_ERROR_CODES.fulfilLineMismatch },
      );
    given.set(l.lineId, l);
  }
  const seen = new Map<string, Set<string>>();
  return manual.map(({ line, missing }) => {
    const target: LineTarget = {
      orderLineId: line.id,
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      variantName: line.variantName,
    };
    const title = titleOf(target);
    const wanted = given.get(String(line.id));
    if (!wanted)
      throw new ValidationError(`"${title}" needs its codes too.`, { lines: "A line is missing" }, undefined, {
        code: ADMIN_ERROR_CODES.fulfilLineMismatch,
        title,
      });
    if (!wanted.codes) return { target, missing };
    const codes = wanted.codes.map((c) => c.trim());
    if (codes.length !== missing)
      throw new ValidationError(
        `"${title}" needs exactly ${missing} code(s); ${codes.length} given.`,
        { lines: "Wrong number of codes" },
        undefined,
        { code: ADMIN_ERROR_CODES.fulfilWrongCount, title, max: missing },
      );
    const ofProduct = seen.get(line.productId) ?? new Set<string>();
    seen.set(line.productId, ofProduct);
    for (const c of codes) {
      if (c === "" || codeRefusal(c) !== undefined || ofProduct.has(c))
        throw codeRefused(
          target,
          c === ""
            ? `A code given for "${title}" is empty.`
            : ofProduct.has(c)
              ? `A code given for "${title}" is given twice.`
              : `A code given for "${title}" is not a valid code.`,
        );
      ofProduct.add(c);
    }
    return { target, missing, codes };
  });
}

export function codeRefused(line: LineTarget | undefined, message: string): ValidationError {
  const title = line ? titleOf(line) : "";
  return new ValidationError(message, { lines: "Code refused" }, undefined, {
    code: ADMIN_ERROR_CODES.fulfilCodeRefused,
    title,
  });
}

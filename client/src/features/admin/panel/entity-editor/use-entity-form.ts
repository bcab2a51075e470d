/** Saving an entity's form (docs/decisions.md D17): the shared schema's check with errors beside the fields, one save
 * at a time, the change sent through the offline outbox, and what its answer means — saved, saved offline, refused
 * with the server's field errors, or an edit conflict (a 409 in the shared schema's shape, carrying the server's copy):
 * someone changed the entity since the form read it. */
import { useState, type Dispatch, type SetStateAction } from "react";
import { useLingui } from "@lingui/react/macro";
import type { z } from "zod";
import { toast } from "../../../../ui/toast.tsx";
import { adminApi } from "../../../../local/admin-api.ts";
import type { Endpoint } from "../../../../api/endpoint.ts";
import { adminOutbox } from "../../../../local/admin-outbox.ts";
import type { ErrorForm } from "../../../../i18n/error-messages.ts";
import type { VersionedCopy } from "@store/shared/schemas/conflict";
import { editConflictOf, errorText, fieldErrorsOf, isConflict, refreshStorefront } from "../admin-request.ts";
import { useChangeToasts } from "../change-toasts.ts";
import { fieldErrorsFromIssues, firstError } from "../field-errors.ts";

interface SaveSpec {
  /** What the change is about (a title, a name), named by the "saved offline" toast. */
  subject: string;
  /** Sends the change (queued offline when the network is out). */
  send: () => Promise<unknown>;
  /** Says it was saved, in the entity's words. */
  saved: () => void;
  /** After saving or queuing: the form closes or clears. */
  done: () => void;
  /** The failure toast's title. */
  failTitle: string;
  /** A 409 that names no field: said as `text`, in the failure toast or, `inForm`, in the form with the choice of
   * reloading the latest version or keeping these edits (ConflictAlert). */
  conflict?: { text: string; inForm?: boolean };
}

interface QueuedSpec extends Pick<SaveSpec, "subject" | "done" | "failTitle"> {
  /** Said when the creation is being sent right now and cannot change. */
  sending: string;
}

export interface LatestOptions<T> {
  /** The entity as the server has it now, read again when the operator resolves a conflict; its schema also reads
   * the server's copy an edit conflict carries. */
  from: Endpoint<void, undefined, T>;
  /** The toast's title when it cannot be read. */
  failTitle: string;
}

export interface EntityForm<T> {
  errors: Record<string, string>;
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  busy: boolean;
  /** The 409 the form shows, or null. */
  conflict: string | null;
  /** True when `check` passed; otherwise its errors go beside the fields (`required` when it names none). */
  valid: <R extends z.ZodSafeParseResult<unknown>>(
    check: R,
    required?: Record<string, string>,
  ) => check is Extract<R, { success: true }>;
  save: (spec: SaveSpec) => Promise<void>;
  /** A creation still waiting in the outbox takes the new body instead of being sent twice; false (having said
   * `sending`) when it is being sent right now. */
  saveQueued: (id: number, body: unknown, label: string, spec: QueuedSpec) => Promise<void>;
  /** Conflict: the form takes the server's version (`apply`) and drops its own edits. */
  reloadLatest: (apply: (latest: T) => void) => Promise<void>;
  /** Conflict: these edits are sent again over the server's version. */
  keepMine: (resend: (latest: T) => Promise<void>) => Promise<void>;
}

/** `form` gives the entity's required fields their own sentences; `storefront`: the storefront shows the entity, its
 * copy on this device catches up after a save and after a 409 (which says that copy is behind). */
export function useEntityForm<T = never>(options: {
  form: ErrorForm;
  storefront?: boolean;
  latest?: LatestOptions<T>;
}): EntityForm<T> {
  const { t } = useLingui();
  const { form } = options;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  /** The server's copy the form's edit conflict carried: "Keep mine" sends over its version without asking again. */
  const [theirs, setTheirs] = useState<VersionedCopy | null>(null);
  const toasts = useChangeToasts();
  const generic = () => t`Something went wrong. Please try again.`;

  function valid<R extends z.ZodSafeParseResult<unknown>>(
    check: R,
    required?: Record<string, string>,
  ): check is Extract<R, { success: true }> {
    if (check.success) return true;
    const fields = fieldErrorsFromIssues(check.error.issues, form);
    setErrors(required && firstError(fields) === undefined ? required : fields);
    return false;
  }

  async function attempt(
    spec: Pick<SaveSpec, "subject" | "done" | "failTitle" | "conflict">,
    work: () => Promise<void>,
  ) {
    setErrors({});
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (toasts.wasQueued(err, spec.subject)) return spec.done();
      if (isConflict(err) && options.storefront) refreshStorefront();
      const edit = editConflictOf(err);
      if (edit && spec.conflict?.inForm) {
        setConflict(errorText(err, spec.conflict.text));
        setTheirs(edit.current);
        return;
      }
      const fields = fieldErrorsOf(err, form);
      setErrors(fields);
      const description =
        spec.conflict && isConflict(err) && firstError(fields) === undefined
          ? spec.conflict.text
          : errorText(err, generic(), form);
      toast.error(spec.failTitle, { description });
    } finally {
      setBusy(false);
    }
  }

  async function latest(): Promise<T | null> {
    const from = options.latest;
    if (!from) return null;
    try {
      return await adminApi.call(from.from);
    } catch (err) {
      toast.error(from.failTitle, { description: errorText(err, generic()) });
      return null;
    }
  }

  return {
    errors,
    setErrors,
    busy,
    conflict,
    valid,
    save: (spec) =>
      attempt(spec, async () => {
        await spec.send();
        spec.saved();
        if (options.storefront) refreshStorefront();
        spec.done();
      }),
    saveQueued: (id, body, label, spec) =>
      attempt(spec, async () => {
        if (await adminOutbox.editQueued(id, body, label)) toasts.queued(spec.subject);
        else toast.error(spec.sending);
        spec.done();
      }),
    reloadLatest: async (apply) => {
      const server = await latest();
      if (!server) return;
      apply(server);
      setConflict(null);
      setErrors({});
    },
    keepMine: async (resend) => {
      const copy = theirs ? options.latest?.from.response.safeParse(theirs) : undefined;
      const server = copy?.success ? copy.data : await latest();
      if (!server) return;
      setConflict(null);
      await resend(server);
    },
  };
}

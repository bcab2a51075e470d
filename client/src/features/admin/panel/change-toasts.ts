/** The toasts an admin change ends with when it does not go through: queued for later, or refused. */
import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { isQueued } from "../../../api/admin-client.ts";
import { errorText, isConflict } from "./admin-request.ts";

export interface ChangeToasts {
  /** The change waits in the offline outbox; `subject` names what it is about. */
  queued: (subject: string) => void;
  /** True, having said so, when `err` is a change kept in the offline outbox. */
  wasQueued: (err: unknown, subject: string) => boolean;
  /** Says the change was queued, or shows `title` with the reason it failed (`conflict` for a 409, when given). */
  failed: (err: unknown, title: string, subject: string, conflict?: string) => void;
}

export function useChangeToasts(): ChangeToasts {
  const { t } = useLingui();
  return useMemo(() => {
    const queued = (subject: string) => {
      toast.info(t`Saved offline; it will be sent when the connection returns`, { description: subject });
    };
    return {
      queued,
      wasQueued: (err, subject) => {
        if (!isQueued(err)) return false;
        queued(subject);
        return true;
      },
      failed: (err, title, subject, conflict) => {
        if (isQueued(err)) {
          queued(subject);
          return;
        }
        const description =
          conflict !== undefined && isConflict(err)
            ? conflict
            : errorText(err, t`Something went wrong. Please try again.`);
        toast.error(title, { description });
      },
    };
  }, [t]);
}

/** Admin > Mailbox: mail the store sent through the built-in dev
 * mailbox (docs/decisions.md D12), read in a sandboxed frame. */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { DevMail, DevMailSummary } from "@store/shared/schemas/orders";
import * as api from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { useAdminResource } from "../panel/admin-request.ts";
import { Dialog } from "../../../ui/dialog.tsx";
import { AdminSection } from "../panel/admin-section.tsx";
import { Fact } from "../panel/fact.tsx";

/** An order's code in a subject (PNR- and 8 letters or digits). */
const ORDER_CODE = /(PNR-[0-9A-Z]{8})/;

/** A subject whose order codes are kept whole and left to right, whatever the subject's language and line breaks:
 * the code is what the operator looks for. */
function Subject({ text }: { text: string }) {
  return text.split(ORDER_CODE).map((part, i) =>
    i % 2 === 1 ? (
      <bdi key={i} className="admin-mail-row__code">
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}

export function MailboxPanel() {
  const { t, i18n } = useLingui();
  const list = useAdminResource(api.mailbox.list);
  const mails: DevMailSummary[] | undefined = list.data;
  const [open, setOpen] = useState<DevMail | null>(null);
  const [openFailed, setOpenFailed] = useState(false);
  const failed = list.error !== null || openFailed;

  async function openMail(id: number) {
    try {
      setOpen(await adminApi.call(api.mailbox.one, { params: id }));
    } catch {
      setOpenFailed(true);
    }
  }

  const when = (ms: number) => i18n.date(new Date(ms), { dateStyle: "medium", timeStyle: "short" });

  return (
    <AdminSection name="mailbox" title={<Trans>Mailbox</Trans>}>
      <p className="muted">
        <Trans>Emails the store sent while no mail server is configured.</Trans>
      </p>
      {failed ? (
        <p className="admin-message admin-message--error" role="alert">
          <Trans>The mailbox could not be loaded.</Trans>
        </p>
      ) : null}
      {mails && mails.length === 0 ? (
        <p className="admin-empty">
          <Trans>No emails yet</Trans>
        </p>
      ) : null}
      {mails && mails.length > 0 ? (
        <ul className="admin-mails box">
          {mails.map((m) => (
            <li key={m.id}>
              <button type="button" className="admin-mail-row" onClick={() => void openMail(m.id)}>
                <span className="admin-mail-row__subject" dir="auto">
                  <Subject text={m.subject} />
                </span>
                <bdi className="muted">{m.to}</bdi>
                <span className="muted">{when(m.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog open={open !== null} title={open?.subject ?? ""} onClose={() => setOpen(null)} size="wide">
        {open ? (
          <>
            <dl className="admin-facts">
              <Fact term={<Trans>To</Trans>}>
                <bdi>{open.to}</bdi>
              </Fact>
              <Fact term={<Trans>From</Trans>}>
                <bdi>{open.from}</bdi>
              </Fact>
              <Fact term={<Trans>Date</Trans>}>{when(open.createdAt)}</Fact>
            </dl>
            {open.html ? (
              <iframe
                className="admin-mail-frame"
                title={t`Email content`}
                sandbox=""
                srcDoc={open.html}
                referrerPolicy="no-referrer"
              />
            ) : (
              <pre className="admin-mail-text">{open.text}</pre>
            )}
            <div className="dialog__actions">
              <button type="button" className="btn btn--secondary" onClick={() => setOpen(null)}>
                <Trans>Close</Trans>
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </AdminSection>
  );
}

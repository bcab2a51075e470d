/** Admin > Newsletter (docs/decisions.md D13): how many addresses are subscribed, and a CSV export. */
import { Plural, Trans } from "@lingui/react/macro";
import * as api from "../../../api/admin-endpoints.ts";
import { useAdminResource } from "../panel/admin-request.ts";
import { AdminSection } from "../panel/admin-section.tsx";

export function NewsletterPanel() {
  const subscribers = useAdminResource(api.newsletter.count);
  const failed = subscribers.error !== null;
  const count = subscribers.data?.count ?? null;

  return (
    <AdminSection name="newsletter" title={<Trans>Newsletter</Trans>}>
      <div className="box">
        {failed ? (
          <p className="admin-message admin-message--error" role="alert">
            <Trans>Subscribers could not be loaded.</Trans>
          </p>
        ) : count === null ? null : (
          <p className="admin-metric__value" data-testid="subscriber-count">
            <Plural value={count} one="# subscriber" other="# subscribers" />
          </p>
        )}
        <a className="btn btn--primary" href={api.newsletterCsvHref()} download="newsletter.csv">
          <Trans>Export CSV</Trans>
        </a>
      </div>
    </AdminSection>
  );
}

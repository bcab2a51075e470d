/** Admin > Newsletter (docs/decisions.md D13): how many addresses are subscribed, and a CSV export. */
import { useEffect, useState } from "react";
import { Plural, Trans } from "@lingui/react/macro";
import { adminApi } from "../../../api/admin-client.ts";

function subscriberCount(body: unknown): number | null {
  if (typeof body === "object" && body !== null && "count" in body && typeof body.count === "number") return body.count;
  return null;
}

export function NewsletterPanel() {
  const [count, setCount] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    adminApi
      .get<unknown>("/api/admin/newsletter")
      .then((body) => {
        if (live) setCount(subscriberCount(body));
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="admin-section" aria-labelledby="admin-newsletter-title">
      <h2 id="admin-newsletter-title" className="admin-section__title">
        <Trans>Newsletter</Trans>
      </h2>
      <div className="admin-box">
        {failed ? (
          <p className="admin-message admin-message--error" role="alert">
            <Trans>Subscribers could not be loaded.</Trans>
          </p>
        ) : count === null ? null : (
          <p className="admin-metric__value" data-testid="subscriber-count">
            <Plural value={count} one="# subscriber" other="# subscribers" />
          </p>
        )}
        <a className="btn btn--primary" href="/api/admin/newsletter.csv" download="newsletter.csv">
          <Trans>Export CSV</Trans>
        </a>
      </div>
    </section>
  );
}

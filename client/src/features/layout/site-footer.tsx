import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { NewsletterForm } from "../newsletter/newsletter-form.tsx";
import { useSettings } from "../catalog/catalog-hooks.ts";

export const SUPPORT_EMAIL = "support@digitalstore.example";

/** Placeholders until the store has its accounts (docs/product.md: social links are placeholders). */
const SOCIAL_LINKS = [
  { short: "X", name: "X (Twitter)" },
  { short: "IG", name: "Instagram" },
  { short: "FB", name: "Facebook" },
  { short: "DC", name: "Discord" },
] as const;

export function SiteFooter() {
  const { t } = useLingui();
  const { toggles } = useSettings();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__title">
            Digital Store
          </h2>
          <p>
            <Trans>
              Game keys, subscriptions and gift cards from 50+ gift-card brands, delivered to your inbox in minutes.
            </Trans>
          </p>
          <ul className="social" aria-label={t`Social links`}>
            {SOCIAL_LINKS.map(({ short, name }) => (
              <li key={short}>
                <a href="#">
                  <span aria-hidden="true">{short}</span>
                  <span className="visually-hidden">{name}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__title">
            <Trans>Support</Trans>
          </h2>
          <ul className="site-footer__list">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
            <li>
              <Trans>Hours: 09:00–18:00 GMT</Trans>
            </li>
            <li>
              <Trans>Instant delivery of digital codes by email</Trans>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__title">
            <Trans>Legal</Trans>
          </h2>
          <ul className="site-footer__list">
            <li>
              <a href="#">
                <Trans>Terms</Trans>
              </a>
            </li>
            <li>
              <a href="#">
                <Trans>Refund Policy</Trans>
              </a>
            </li>
            <li>
              <a href="#">
                <Trans>Privacy</Trans>
              </a>
            </li>
            <li>
              <Link to="/admin/login">
                <Trans>Admin</Trans>
              </Link>
            </li>
          </ul>
        </section>
        {toggles.showNewsletter ? (
          <section aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter" className="site-footer__title">
              <Trans>Newsletter</Trans>
            </h2>
            <p>
              <Trans>Deals and new releases, once a week.</Trans>
            </p>
            <NewsletterForm compact />
          </section>
        ) : null}
      </div>
      <div className="container site-footer__bottom">
        <p>
          <Trans>© {year} Digital Store. All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  );
}

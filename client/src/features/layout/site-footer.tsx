import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { NewsletterForm } from "../newsletter/newsletter-form.tsx";
import { useSettings } from "../catalog/catalog-hooks.ts";

const SUPPORT_EMAIL = "support@digitalstore.example";

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
        <FooterSection id="footer-brand" title="Digital Store">
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
        </FooterSection>
        <FooterSection id="footer-support" title={<Trans>Support</Trans>}>
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
            <li>
              <Link to="/find-order">
                <Trans>Find my order</Trans>
              </Link>
            </li>
          </ul>
        </FooterSection>
        <FooterSection id="footer-legal" title={<Trans>Legal</Trans>}>
          <ul className="site-footer__list">
            {/* Placeholders until the store has its legal pages (docs/product.md). */}
            {[t`Terms`, t`Refund Policy`, t`Privacy`].map((label) => (
              <li key={label}>
                <a href="#">{label}</a>
              </li>
            ))}
            <li>
              <Link to="/admin/login">
                <Trans>Admin</Trans>
              </Link>
            </li>
          </ul>
        </FooterSection>
        {toggles.showNewsletter ? (
          <FooterSection id="footer-newsletter" title={<Trans>Newsletter</Trans>}>
            <p>
              <Trans>Deals and new releases, once a week.</Trans>
            </p>
            <NewsletterForm compact />
          </FooterSection>
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

/** A titled column of the footer. */
function FooterSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="site-footer__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

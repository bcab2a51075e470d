import { useMemo, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { LAYOUT } from "@store/shared/boot-shell";
import {
  featured,
  hottestDeals,
  HOME_SECTION_SIZE,
  HOME_TILES,
  newest,
  tileSlug,
  type HomeTile,
} from "@store/shared/home-sections";
import { useCatalogStatus, useCategories, useHomeProducts, useSettings } from "../catalog/catalog-hooks.ts";
import { CatalogUnavailable } from "../catalog/catalog-unavailable.tsx";
import { GridSkeleton, ProductGrid } from "../catalog/product-grid.tsx";
import { NewsletterForm } from "../newsletter/newsletter-form.tsx";
import { HeroCarousel } from "./hero-carousel.tsx";
import { useDocumentTitle } from "../layout/use-document-title.ts";

/** The tiles' words in the shopper's language (the same messages the server's first screen says). */
const TILE_WORDS: Record<HomeTile["key"], { title: ReactNode; text: ReactNode }> = {
  gift: { title: <Trans>Gift cards</Trans>, text: <Trans>Store credit for every platform</Trans> },
  console: { title: <Trans>Console</Trans>, text: <Trans>PlayStation, Xbox and Switch</Trans> },
  pc: { title: <Trans>PC</Trans>, text: <Trans>Game keys and software</Trans> },
  esports: { title: <Trans>Esports</Trans>, text: <Trans>In-game currency and passes</Trans> },
};

function Section({
  id,
  title,
  children,
  action,
}: {
  id?: string;
  title: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  const headingId = `${id ?? "section"}-heading`;
  return (
    <section id={id} className="section container" aria-labelledby={headingId}>
      <div className="section__head">
        <h2 id={headingId}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function HomePage() {
  useDocumentTitle(null);
  const status = useCatalogStatus();
  // The sections' few products, read through indexes (or the first visit's small answer), never the catalog.
  const products = useHomeProducts();
  const categories = useCategories() ?? [];
  const { toggles } = useSettings();
  // A first visit renders its sections from the small answer while the catalog syncs behind (D33).
  const loaded = products !== undefined && (status === "ready" || products.length > 0);
  const list = useMemo(() => products ?? [], [products]);
  const deals = useMemo(() => hottestDeals(list).slice(0, HOME_SECTION_SIZE), [list]);
  const fresh = useMemo(() => newest(list).slice(0, HOME_SECTION_SIZE), [list]);
  const picks = useMemo(() => featured(list).slice(0, HOME_SECTION_SIZE), [list]);

  if (status === "failed" && !loaded) return <CatalogUnavailable />;
  return (
    <>
      {/* One h1 for the page; each slide's headline is an h2 (four h1s told search engines nothing). */}
      <h1 className="visually-hidden">
        <Trans>Digital Store: game keys, gift cards and subscriptions, delivered by email</Trans>
      </h1>
      <div className={LAYOUT.container}>
        <HeroCarousel />
      </div>

      {toggles.showPromo ? (
        <div className="container promo-row">
          <Link to="/" hash="featured" className="promo promo--gift">
            <span className="promo__eyebrow">
              <Trans>Gift cards</Trans>
            </span>
            <strong className="promo__title">
              <Trans>The perfect gift, delivered instantly</Trans>
            </strong>
            <span className="promo__cta">
              <Trans>Shop gift cards</Trans>
            </span>
          </Link>
          <Link to="/" hash="new" className="promo promo--console">
            <span className="promo__eyebrow">
              <Trans>Console gear</Trans>
            </span>
            <strong className="promo__title">
              <Trans>Add-ons, passes and memberships</Trans>
            </strong>
            <span className="promo__cta">
              <Trans>See what's new</Trans>
            </span>
          </Link>
        </div>
      ) : null}

      <Section id="categories" title={<Trans>Shop by category</Trans>}>
        <ul className="tile-grid">
          {HOME_TILES.map((tile) => (
            <li key={tile.key}>
              <Link
                to="/category/$slug"
                params={{ slug: tileSlug(tile, categories) }}
                className={`tile tile--${tile.key}`}
              >
                <strong className="tile__title">{TILE_WORDS[tile.key].title}</strong>
                <span className="tile__text">{TILE_WORDS[tile.key].text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="featured"
        title={<Trans>Featured products</Trans>}
        action={
          <Link to="/products" className="link-more">
            <Trans>View all</Trans>
          </Link>
        }
      >
        {/* No eager pictures: on a phone these cards sit below the hero, whose banner is the page's lead picture. */}
        {loaded ? <ProductGrid products={picks} empty={<Trans>No products yet</Trans>} /> : <GridSkeleton count={4} />}
      </Section>

      <Section id="deals" title={<Trans>Hottest deals</Trans>}>
        <p className="section__sub">
          <Trans>Limited-time bundles and discounts.</Trans>
        </p>
        {loaded ? (
          <ProductGrid products={deals} empty={<Trans>No deals right now. Check back soon.</Trans>} />
        ) : (
          <GridSkeleton count={4} />
        )}
      </Section>

      {toggles.showPremium ? (
        <Section id="new" title={<Trans>New and upcoming</Trans>}>
          <p className="section__sub">
            <Trans>Early access to the latest releases.</Trans>
          </p>
          {loaded ? (
            <ProductGrid products={fresh} empty={<Trans>No new releases yet.</Trans>} />
          ) : (
            <GridSkeleton count={4} />
          )}
        </Section>
      ) : null}

      {toggles.showNewsletter ? (
        <section className="container section" aria-labelledby="newsletter-heading">
          <div className="newsletter-banner">
            <div>
              <h2 id="newsletter-heading">
                <Trans>Never miss a deal</Trans>
              </h2>
              <p>
                <Trans>Get weekly deals, new releases and exclusive promo codes in your inbox.</Trans>
              </p>
            </div>
            <NewsletterForm />
          </div>
        </section>
      ) : null}
    </>
  );
}

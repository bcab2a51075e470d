import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { Category } from "@store/shared/schemas/catalog";
import { useCatalogStatus } from "../catalog/catalog-hooks.ts";
import { useLocalizedCategories } from "../catalog/localized.ts";
import { useCartCount } from "../cart/cart-store.ts";
import { CurrencySelect } from "./currency-select.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { Logo } from "./logo.tsx";
import { CartIcon, CloseIcon, HeartIcon, MenuIcon, SearchIcon } from "../../ui/icons.tsx";
import { useWishlistCount } from "../wishlist/wishlist-store.ts";
import { Drawer } from "../../ui/dialog.tsx";
import { InstallButton } from "../../app/install-app.tsx";

const SearchOverlay = lazy(() => import("../search/search-overlay.tsx").then((m) => ({ default: m.SearchOverlay })));

const NAV_SKELETON_ITEMS = 5;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Top-level categories (from the first screen's answer while the catalog syncs), or "loading" before any,
 * or "failed" when the catalog could not load. */
function useNavCategories(): Category[] | "loading" | "failed" {
  const status = useCatalogStatus();
  const categories = useLocalizedCategories();
  if (categories && (status === "ready" || categories.length > 0)) return categories.filter((c) => c.parentId === null);
  return status === "failed" ? "failed" : "loading";
}

function CategoryLinks({ onNavigate }: { onNavigate?: () => void }) {
  const nav = useNavCategories();
  return (
    <>
      <li>
        <Link to="/products" className="nav-link" activeProps={{ "aria-current": "page" }} onClick={onNavigate}>
          <Trans>All Products</Trans>
        </Link>
      </li>
      {nav === "loading"
        ? Array.from({ length: NAV_SKELETON_ITEMS }, (_, i) => (
            <li key={i} aria-hidden="true" data-testid="nav-skeleton">
              <span className="skeleton skeleton--text nav-skeleton" />
            </li>
          ))
        : nav === "failed"
          ? null
          : nav.map((c) => (
              <li key={c.id}>
                <Link
                  to="/category/$slug"
                  params={{ slug: c.slug }}
                  className="nav-link"
                  activeProps={{ "aria-current": "page" }}
                  onClick={onNavigate}
                >
                  {c.name}
                </Link>
              </li>
            ))}
    </>
  );
}

/** The number on the wishlist and cart icons, when there is anything to count (the link's label says it aloud). */
function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" data-testid={testId} aria-hidden="true">
      {count}
    </span>
  );
}

export function SiteHeader() {
  const { t } = useLingui();
  const count = useCartCount();
  const savedCount = useWishlistCount();
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeSearch = useCallback(() => setSearchOpen(false), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && k === "k") {
        e.preventDefault();
        setSearchOpen(true);
      } else if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        e.preventDefault();
        setSearchOpen(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <button
          type="button"
          className="btn btn--ghost btn--icon show-sm"
          aria-label={t`Open menu`}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon size={20} />
        </button>
        <Link to="/" className="logo" aria-label={t`Digital Store home`}>
          <Logo />
          <span className="logo__text">Digital Store</span>
        </Link>
        <div className="site-header__actions">
          <button
            type="button"
            className="btn btn--ghost btn--icon-text search-trigger"
            onClick={() => setSearchOpen(true)}
            aria-keyshortcuts="Control+K Meta+K /"
          >
            <SearchIcon />
            {/* Its name is its visible word (WCAG 2.5.3); on phones the word is for screen readers only. */}
            <span className="search-trigger__label">
              <Trans>Search</Trans>
            </span>
            <kbd className="hide-sm" aria-hidden="true">
              Ctrl K
            </kbd>
          </button>
          <CurrencySelect className="hide-sm" />
          <LanguageMenu />
          <ThemeToggle className="hide-sm" />
          <Link
            to="/wishlist"
            className="btn btn--ghost btn--icon count-link"
            aria-label={
              savedCount > 0 ? plural(savedCount, { one: "Wishlist, # item", other: "Wishlist, # items" }) : t`Wishlist`
            }
          >
            <HeartIcon size={20} />
            <CountBadge count={savedCount} testId="wishlist-badge" />
          </Link>
          <Link
            to="/cart"
            className="btn btn--ghost btn--icon count-link"
            aria-label={count > 0 ? plural(count, { one: "Cart, # item", other: "Cart, # items" }) : t`Cart`}
          >
            <CartIcon size={20} />
            <CountBadge count={count} testId="cart-badge" />
          </Link>
        </div>
      </div>
      <nav className="container site-nav hide-sm" aria-label={t`Categories`}>
        <ul className="site-nav__list">
          <CategoryLinks />
        </ul>
      </nav>

      <Drawer id="mobile-menu" label={t`Menu`} open={menuOpen} onClose={() => setMenuOpen(false)}>
        <div className="drawer__head">
          <span className="logo__text">Digital Store</span>
          <button
            type="button"
            className="btn btn--ghost btn--icon"
            aria-label={t`Close menu`}
            onClick={() => setMenuOpen(false)}
            autoFocus
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <CurrencySelect />
        <ThemeToggle withText className="drawer__theme" />
        <InstallButton className="btn btn--secondary drawer__install" />
        <nav aria-label={t`Categories`}>
          <ul className="drawer__links">
            <CategoryLinks onNavigate={() => setMenuOpen(false)} />
          </ul>
        </nav>
      </Drawer>

      {searchOpen ? (
        <Suspense fallback={null}>
          <SearchOverlay open onClose={closeSearch} />
        </Suspense>
      ) : null}
    </header>
  );
}

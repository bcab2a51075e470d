import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Link, useRouter } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocalizedBanners } from "../catalog/localized.ts";
import { isSitePath } from "@store/shared/links";
import { heroSlideClass, LAYOUT } from "@store/shared/boot-shell";
import { ChevronLeftIcon, ChevronRightIcon } from "../../ui/icons.tsx";
import { useMediaQuery } from "../../ui/use-media-query.ts";

const HERO_INTERVAL_MS = 6000;

interface Slide {
  id: string;
  image: string;
  headline: ReactNode;
  body: ReactNode;
  /** Where the banner's image leads (the operator's link), if anywhere. */
  link?: { href: string; label: string };
}

/** A banner's picture as a link: site paths navigate inside the app, other addresses open as links do. */
function BannerLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  const router = useRouter();
  const internal = isSitePath(href);
  return (
    <a
      href={href}
      aria-label={label}
      className="hero__media-link"
      onClick={(e) => {
        if (!internal || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) {
          return;
        }
        e.preventDefault();
        router.history.push(href);
      }}
    >
      {children}
    </a>
  );
}

/** Next slide index, wrapping from the last to the first. */
function nextSlide(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

function useDefaultSlides(): Slide[] {
  return [
    {
      id: "default-1",
      image: "",
      headline: <Trans>Level up with instant game keys</Trans>,
      body: <Trans>Top titles for PC, PlayStation, Xbox and Switch, with codes in your inbox in minutes.</Trans>,
    },
    {
      id: "default-2",
      image: "",
      headline: <Trans>Gift cards for every gamer</Trans>,
      body: <Trans>Choose from 50+ gift-card brands and send the perfect present in seconds.</Trans>,
    },
    {
      id: "default-3",
      image: "",
      headline: <Trans>Subscriptions without the wait</Trans>,
      body: <Trans>Renew your memberships and top up your wallet at great prices, any time.</Trans>,
    },
  ];
}

function SlideImage({ src, first }: { src: string; first: boolean }) {
  return (
    <img
      src={src}
      alt=""
      width={600}
      height={400}
      decoding="async"
      loading={first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : "auto"}
    />
  );
}

export function HeroCarousel() {
  const { t } = useLingui();
  const banners = useLocalizedBanners();
  const defaults = useDefaultSlides();
  const slides: Slide[] =
    banners.length > 0
      ? banners.map((b) => ({
          id: b.id,
          image: b.image,
          headline: b.title,
          body: null,
          ...(b.link ? { link: { href: b.link, label: b.title } } : {}),
        }))
      : defaults;
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const current = Math.min(index, count - 1);

  const go = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);

  // Auto-advance unless the shopper paused it, is hovering or focusing it, or prefers reduced motion.
  useEffect(() => {
    if (paused || hovered || reducedMotion || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => nextSlide(Math.min(i, count - 1), count)), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, hovered, reducedMotion, count]);

  const autoplay = !paused && !reducedMotion;

  return (
    <section
      className={LAYOUT.hero}
      aria-roledescription={t`carousel`}
      aria-label={t`Featured offers`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="hero__viewport" aria-live={autoplay ? "off" : "polite"}>
        {slides.map((slide, i) => {
          const number = i + 1;
          return (
            <div
              key={slide.id}
              className={heroSlideClass(i, Boolean(slide.image))}
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`Slide ${number} of ${count}`}
              hidden={i !== current}
              data-active={i === current}
            >
              <div className={LAYOUT.heroContent}>
                <h2 className="hero__title">{slide.headline}</h2>
                {slide.body ? <p className="hero__body">{slide.body}</p> : null}
                <div className="hero__actions">
                  <Link to="/" hash="featured" className="btn btn--primary btn--lg">
                    <Trans>Shop Now</Trans>
                  </Link>
                  <Link to="/" hash="categories" className="btn btn--secondary btn--lg">
                    <Trans>Browse Deals</Trans>
                  </Link>
                </div>
              </div>
              {slide.image ? (
                <div className={LAYOUT.heroMedia}>
                  {slide.link ? (
                    <BannerLink href={slide.link.href} label={slide.link.label}>
                      <SlideImage src={slide.image} first={i === 0} />
                    </BannerLink>
                  ) : (
                    <SlideImage src={slide.image} first={i === 0} />
                  )}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="hero__controls">
          <button
            type="button"
            className="btn btn--ghost btn--icon hero__arrow"
            aria-label={t`Previous slide`}
            onClick={() => go(current - 1)}
          >
            <ChevronLeftIcon className="flip-rtl" />
          </button>
          <div className="hero__dots">
            {slides.map((slide, i) => {
              const number = i + 1;
              return (
                <button
                  key={slide.id}
                  type="button"
                  className="hero__dot"
                  aria-label={t`Go to slide ${number}`}
                  aria-current={i === current ? "true" : undefined}
                  onClick={() => go(i)}
                />
              );
            })}
          </div>
          <button
            type="button"
            className="btn btn--ghost btn--icon hero__arrow"
            aria-label={t`Next slide`}
            onClick={() => go(current + 1)}
          >
            <ChevronRightIcon className="flip-rtl" />
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? <Trans>Play</Trans> : <Trans>Pause</Trans>}
          </button>
        </div>
      ) : null}
    </section>
  );
}

import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { site } from '#web/content/site.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion.ts';

interface Slide {
  eyebrow: string;
  slogan: string;
  text: string;
  cta: { label: string; href: string };
  image: string;
}

const ROTATE_MS = 7000;

/**
 * The slogan carousel: turns by itself only while nobody has paused it, hovered it or focused it,
 * and never under prefers-reduced-motion. Arrow keys move between slides.
 */
function HeroCarousel({ title, slides }: { title: string; slides: readonly Slide[] }) {
  const [active, setActive] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  const [isHeld, setIsHeld] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // Until the page's script has taken the carousel over (its own part of the page, loaded after
  // the rest), its controls say they are not ready rather than ignore a press.
  const isHydrated = useHydrated();
  const isRotating = !isPaused && !isHeld && !reducedMotion && slides.length > 1;

  useEffect(() => {
    if (!isRotating) return;
    const timer = window.setInterval(
      () => setActive((current) => (current + 1) % slides.length),
      ROTATE_MS,
    );
    return () => window.clearInterval(timer);
  }, [isRotating, slides.length]);

  const go = (step: number) =>
    setActive((current) => (current + step + slides.length) % slides.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Toolyard highlights"
      className="hero-pattern relative overflow-hidden bg-navy-900 text-white"
      onMouseEnter={() => setIsHeld(true)}
      onMouseLeave={() => setIsHeld(false)}
      onFocus={() => setIsHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsHeld(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="on-dark mx-auto max-w-7xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8 lg:pb-24">
        <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">{title}</p>
        <div className="mt-4 grid" aria-live={isRotating ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <SlideView
              key={slide.slogan}
              slide={slide}
              index={index}
              count={slides.length}
              isActive={index === active}
            />
          ))}
        </div>
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label="Previous slide"
            disabled={!isHydrated}
            className="carousel-button"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
            </svg>
          </button>
          <ul className="flex items-center gap-2">
            {slides.map((slide, index) => (
              <li key={slide.slogan}>
                <button
                  type="button"
                  onClick={() => setActive(index)}
                  disabled={!isHydrated}
                  aria-label={`Slide ${index + 1} of ${slides.length}`}
                  aria-current={index === active ? 'true' : undefined}
                  className="grid size-8 place-items-center rounded-full disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${index === active ? 'w-7 bg-orange-400' : 'w-2.5 bg-white/60'}`}
                  />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label="Next slide"
            disabled={!isHydrated}
            className="carousel-button"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M7.3 15.7a1 1 0 0 1 0-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 1.4-1.4l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4 0Z" />
            </svg>
          </button>
          {!reducedMotion && (
            <button
              type="button"
              onClick={() => setIsPaused((paused) => !paused)}
              disabled={!isHydrated}
              className="carousel-button gap-2 px-3"
            >
              {isPaused ? (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                  <path d="M6 4.5v11l9-5.5-9-5.5Z" />
                </svg>
              ) : (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                  <path d="M6 4h3v12H6zM11 4h3v12h-3z" />
                </svg>
              )}
              <span className="text-sm font-semibold">
                {isPaused ? 'Play slides' : 'Pause slides'}
              </span>
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/** Tailwind's `md` breakpoint, where the slides' pictures show. */
const MD_BREAKPOINT = '48rem';
/** An empty picture, no request: what a phone is given for a picture it does not show. */
const NO_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

function SlideView({
  slide,
  index,
  count,
  isActive,
}: {
  slide: Slide;
  index: number;
  count: number;
  isActive: boolean;
}) {
  const isHash = slide.cta.href.startsWith('#');
  const ctaClass = buttonClasses({ size: 'lg' });
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      aria-hidden={!isActive}
      inert={!isActive}
      className={`col-start-1 row-start-1 grid items-center gap-8 transition-opacity duration-500 motion-reduce:transition-none md:grid-cols-[3fr_2fr] ${isActive ? 'opacity-100' : 'opacity-0'}`}
    >
      <div>
        <p className="text-sm font-medium text-stone-200">{slide.eyebrow}</p>
        {/* The headline is the page's heading: one slide shows (and is exposed) at a time. */}
        <h1 className="mt-2 text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
          {slide.slogan}
        </h1>
        <p className="mt-4 max-w-xl text-base text-stone-200 sm:text-lg">{slide.text}</p>
        <div className="mt-6">
          {isHash ? (
            <a href={slide.cta.href} className={ctaClass}>
              {slide.cta.label}
            </a>
          ) : (
            <Link to={slide.cta.href} className={ctaClass}>
              {slide.cta.label}
            </Link>
          )}
        </div>
      </div>
      <div className="hidden md:block">
        <div className="rounded-2xl bg-white/95 p-4 shadow-2xl ring-1 ring-white/20">
          {/* Shown from the md breakpoint only: a phone, which hides it, never downloads it. */}
          <picture>
            <source media={`(min-width: ${MD_BREAKPOINT})`} srcSet={slide.image} />
            <img
              src={NO_PICTURE}
              alt=""
              width={640}
              height={480}
              className="aspect-[4/3] h-auto w-full object-contain"
              loading={index === 0 ? 'eager' : 'lazy'}
              // The first slide's picture is the page's largest: fetched before anything else.
              fetchPriority={index === 0 ? 'high' : 'low'}
            />
          </picture>
        </div>
      </div>
    </div>
  );
}

/** The home page's carousel, the same in the page and in its island (web/islands/client.tsx). */
export function HomeCarousel() {
  return <HeroCarousel title={site.home.title} slides={site.home.slides} />;
}

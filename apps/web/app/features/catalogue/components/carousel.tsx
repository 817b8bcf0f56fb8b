import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { gridSlides, heroSlides } from '../rules';

type Kind = 'grid' | 'hero';

/** Slide widths by breakpoint, in CSS so the server render already has the right layout. */
const slideClass: Record<Kind, string> = {
  grid: 'basis-full min-[48rem]:basis-1/2 min-[64rem]:basis-1/3 min-[75rem]:basis-1/4',
  hero: 'basis-1/2 min-[48.0625rem]:basis-1/4',
};

/**
 * A scroll-snap carousel with previous/next buttons. `autoplayMs` advances it one slide at a
 * time, pausing while the pointer or focus is inside and when motion is reduced. The hero's is
 * centred (spec section 2): slides that do not fill its width sit in the middle, under the
 * centred title, with its buttons; once they overflow they start at the left edge as usual.
 */
export function Carousel({
  kind,
  label,
  items,
  autoplayMs,
}: {
  kind: Kind;
  label: string;
  items: { key: string | number; node: ReactNode }[];
  autoplayMs?: number;
}) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [paused, setPaused] = useState(false);

  const step = useCallback(
    (direction: 1 | -1) => {
      const element = track.current;
      if (!element) return;
      const perView = kind === 'hero' ? heroSlides(window.innerWidth) : gridSlides(window.innerWidth);
      const slide = element.clientWidth / perView;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 4;
      const left = direction === 1 && atEnd ? 0 : element.scrollLeft + direction * slide;
      element.scrollTo({ left, behavior: 'smooth' });
    },
    [kind],
  );

  useEffect(() => {
    if (!autoplayMs || paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => step(1), autoplayMs);
    return () => clearInterval(timer);
  }, [autoplayMs, paused, step]);

  return (
    // A group, not a landmark (APG allows either): the section around it is the landmark, under
    // the same name, and two landmarks of one name cannot be told apart.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; these are slides
    <section
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      // A slide reached from the keyboard is brought in whole, also when an autoplay scroll was
      // under way (the browser leaves a slide that partly shows where it is).
      onFocus={(event) => {
        setPaused(true);
        event.target.closest('li')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }}
      onBlur={() => setPaused(false)}
    >
      <ul
        ref={track}
        className={`flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${kind === 'hero' ? '-mx-2 justify-center-safe' : '-mx-2.5'}`}
      >
        {items.map((item) => (
          <li
            key={item.key}
            className={`shrink-0 snap-start ${slideClass[kind]} ${kind === 'hero' ? 'px-2' : 'px-2.5'}`}
          >
            {item.node}
          </li>
        ))}
      </ul>
      {items.length > 1 ? (
        <div className={`mt-4 flex gap-2 ${kind === 'hero' ? 'justify-center' : 'justify-end'}`}>
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label={t('home.previous')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => step(1)}
            aria-label={t('home.next')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
          >
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}

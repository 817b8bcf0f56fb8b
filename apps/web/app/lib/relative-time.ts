import { createContext, createElement, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from './i18n';

/**
 * Relative times of the dashboard (spec section 9): "just now" under 60 seconds, then the
 * largest whole unit from second to year ("1 minute ago", "3 days ago"), in the page's language.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', YEAR],
  ['month', MONTH],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    // "1 day ago" as the other units read, not "yesterday".
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    formats.set(locale, format);
  }
  return format;
}

/**
 * How long before `nowMs` the moment `thenMs` was, in words of `locale`; `justNow` is the
 * language's "just now". A moment a little ahead of the clock (another machine's) is "just now"
 * too; one further ahead reads "in …".
 */
export function relativeTime(thenMs: number, nowMs: number, locale: string, justNow: string): string {
  const seconds = Math.trunc((nowMs - thenMs) / 1000);
  const distance = Math.abs(seconds);
  if (distance < MINUTE) return justNow;
  for (const [unit, size] of units) {
    const count = Math.floor(distance / size);
    if (count >= 1) return relativeFormat(locale).format(seconds < 0 ? count : -count, unit);
  }
  return justNow;
}

/**
 * The moment the page was rendered on the server, for the first render in the browser: relative
 * times hydrate with the words the server wrote, then follow the browser's clock.
 */
const RenderedAt = createContext<number | null>(null);
export const RenderedAtProvider = RenderedAt.Provider;

/** How often relative times move on while a page stays open. */
const TICK_MS = 30_000;

let clock = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function notify() {
  clock = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    // The first page to show a time after a pause: the clock may be minutes old.
    clock = Date.now();
    queueMicrotask(() => listener());
    timer = setInterval(notify, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function browserNow(): number {
  if (clock === 0) clock = Date.now();
  return clock;
}

/**
 * "Now" for relative times: the server's moment in the server render and while hydrating (so both
 * write the same words), the browser's clock after that, moving on every 30 seconds. Null on the
 * server when no `RenderedAtProvider` gave a moment: the exact date shows until hydration.
 */
export function useNow(): number | null {
  const renderedAt = useContext(RenderedAt);
  return useSyncExternalStore<number | null>(subscribe, browserNow, () => renderedAt);
}

const exactFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The exact date and time, for the title. Until hydration it is written in UTC (and says so), as
 * the server knows no visitor's time zone; after that in the browser's.
 */
export function exactDate(date: Date, locale: string, local: boolean): string {
  const key = `${locale}|${local}`;
  let format = exactFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      local
        ? { dateStyle: 'medium', timeStyle: 'short' }
        : { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' },
    );
    exactFormats.set(key, format);
  }
  return format.format(date);
}

/** A date as the dashboard shows it: how long ago, with the exact moment in `dateTime` and `title`. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const { t, language } = useTranslation();
  const now = useNow();
  // Whether this render is the browser's own (not the server's, nor the hydration of it).
  const local = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return createElement('span', { className }, '—');
  const exact = exactDate(date, language, local);
  return createElement(
    'time',
    { dateTime: date.toISOString(), title: exact, className },
    now === null ? exact : relativeTime(date.getTime(), now, language, t('relativeTime.justNow')),
  );
}

const noSubscription = () => () => {};

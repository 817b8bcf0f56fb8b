import { type ReactNode, type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useTranslation } from '../../lib/i18n';
import { loginPath } from '../../lib/safe-redirect';

/**
 * What a guest's like leaves on the page they come back to after logging in. A fragment: the
 * server never sees it, so the page cached for everyone stays the same page.
 */
export const LIKE_RETURN = '#like';

/** The note's id, for the like button to be described by it. */
export const LIKE_RETURN_NOTE_ID = 'like-return-note';

/** The login page for a guest who pressed like: back to this page afterwards, marked `#like`. */
export function likeLoginPath(locale: string, location: { pathname: string; search: string }): string {
  return loginPath(locale, `${location.pathname}${location.search}${LIKE_RETURN}`);
}

/**
 * Back from logging in to like: the like is not given for them (the account may have liked the
 * prompt before, or its owner changed their mind on the way); the like button takes the focus and
 * a note says that one press adds the prompt to the favourites. Nothing before the page has
 * started in the browser, whose address alone holds the mark.
 */
export function useLikeReturn(
  button: RefObject<HTMLButtonElement | null>,
  signedIn: boolean,
  liked: boolean,
): ReactNode {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const live = useHydrated();
  const back = live && signedIn && hash === LIKE_RETURN && !liked;
  useEffect(() => {
    if (back) button.current?.focus();
  }, [back, button]);
  return back ? (
    <p id={LIKE_RETURN_NOTE_ID} className="basis-full text-sm text-slate-700">
      {t('favourites.likeNow')}
    </p>
  ) : null;
}

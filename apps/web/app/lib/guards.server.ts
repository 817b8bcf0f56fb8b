import { accountEndpoints, type Profile } from '@promptmarket/contracts/accounts';
import { hasSessionCookie } from '@promptmarket/contracts/page-cache';
import { siteEndpoints } from '@promptmarket/contracts/site';
import { redirect } from 'react-router';
import { isShopUnavailable, serverApi } from './api.server';
import { ApiError } from './api-client';
import { paths } from './paths';
import { loginPath } from './safe-redirect';

type GuardArgs = { request: Request; context: unknown; params: { locale?: string } };

function localeOf(args: GuardArgs): string {
  return args.params.locale ?? 'en';
}

/** The signed-in user's profile, or null. Throws when the API could not tell. */
export async function currentUser(args: GuardArgs): Promise<Profile | null> {
  if (!hasSessionCookie(args.request.headers.get('cookie'))) return null;
  try {
    return (await serverApi(args.request, args.context, localeOf(args)).call(accountEndpoints.profile))
      .payload;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * For login-required screens (spec section 5): guests go to login with the full target path
 * as `redirect`, and so does anyone whose authentication check fails; with `verified`,
 * unverified users go to verify-email while verification is switched on.
 */
export async function requireUser(
  args: GuardArgs,
  { verified = true }: { verified?: boolean } = {},
): Promise<Profile> {
  const locale = localeOf(args);
  const url = new URL(args.request.url);
  const toLogin = () => redirect(loginPath(locale, url.pathname + url.search));
  let user: Profile | null;
  try {
    user = await currentUser(args);
  } catch (error) {
    // The database out of reach says nothing of the visitor: the page says the shop is unavailable.
    if (isShopUnavailable(error)) throw error;
    throw toLogin();
  }
  if (!user) throw toLogin();
  if (verified && !user.is_email_verified) {
    try {
      const { payload } = await serverApi(args.request, args.context, locale).call(siteEndpoints.settings);
      if (payload.is_email_verification_enabled) throw redirect(paths.verifyEmail(locale));
    } catch (error) {
      if (error instanceof Response) throw error;
      // An error in a guard lets the navigation proceed.
    }
  }
  return user;
}

/** For guests-only screens: a signed-in user goes to the dashboard. An error lets the page show. */
export async function requireGuest(args: GuardArgs): Promise<void> {
  let user: Profile | null = null;
  try {
    user = await currentUser(args);
  } catch {
    return;
  }
  if (user) throw redirect(paths.dashboard(localeOf(args)));
}

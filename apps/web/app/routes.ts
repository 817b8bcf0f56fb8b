import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every screen lives under /:locale (spec section 2). The locale layout redirects
 * unsupported or missing prefixes; the session layout knows who is signed in; its splat
 * child is the 404 page.
 */
export default [
  index('routes/locale-redirect.tsx'),
  route(':locale', 'routes/locale-layout.tsx', [
    layout('routes/session-layout.tsx', [
      index('routes/home.tsx'),
      route('login', 'routes/login.tsx'),
      route('register', 'routes/register.tsx'),
      route('forgot-password', 'routes/forgot-password.tsx'),
      route('reset-password', 'routes/reset-password.tsx'),
      ...prefix('email/verify', [
        index('routes/verify-email.tsx'),
        route('success', 'routes/verify-email-success.tsx'),
        route('already-success', 'routes/verify-email-already-success.tsx'),
        route(':id/:hash', 'routes/verify-email-link.tsx'),
      ]),
      route('dashboard', 'routes/dashboard-layout.tsx', [
        index('routes/dashboard-overview.tsx'),
        route('profile', 'routes/dashboard-profile.tsx'),
      ]),
      route('forbidden', 'routes/forbidden.tsx'),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;

import { index, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every screen lives under /:locale (spec section 2). The locale layout redirects
 * unsupported or missing prefixes; its splat child is the 404 page.
 */
export default [
  index('routes/locale-redirect.tsx'),
  route(':locale', 'routes/locale-layout.tsx', [
    index('routes/home.tsx'),
    route('forbidden', 'routes/forbidden.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;

import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every screen lives under /:locale (spec section 2). The locale layout redirects
 * unsupported or missing prefixes; the session layout knows who is signed in; its splat
 * child is the 404 page.
 */
export default [
  index('routes/locale-redirect.tsx'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap-index.ts'),
  route('sitemap-pages.xml', 'routes/sitemap-pages.ts'),
  route('sitemaps/products/:page', 'routes/sitemap-products.ts'),
  route(':locale', 'routes/locale-layout.tsx', [
    layout('routes/session-layout.tsx', [
      index('routes/home.tsx'),
      route('products', 'routes/products.tsx'),
      route('products/generate', 'routes/generate.tsx'),
      route('products/:slug', 'routes/product-details.tsx'),
      route('page/:id', 'routes/static-page.tsx'),
      route('about-us', 'routes/about-us.tsx'),
      route('contact-us', 'routes/contact-us.tsx'),
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
        route('deposits', 'routes/dashboard-deposits.tsx'),
        route('orders', 'routes/dashboard-orders.tsx'),
        route('offers', 'routes/dashboard-offers.tsx'),
        route('verification', 'routes/dashboard-verification.tsx'),
      ]),
      route('admin', 'routes/admin-layout.tsx', [
        index('routes/admin-dashboard.tsx'),
        route('offers', 'routes/admin-offers.tsx'),
        route('verifications', 'routes/admin-verifications.tsx'),
        route('payouts', 'routes/admin-payouts.tsx'),
        route('users', 'routes/admin-users.tsx'),
        route('products', 'routes/admin-products.tsx'),
        route('products/:id', 'routes/admin-product-edit.tsx'),
        route('categories', 'routes/admin-categories.tsx'),
        route('content', 'routes/admin-content.tsx'),
        route('messages', 'routes/admin-messages.tsx'),
        route('deposits', 'routes/admin-deposits.tsx'),
        route('audit', 'routes/admin-audit.tsx'),
        route('security', 'routes/admin-security.tsx'),
      ]),
      route('cart', 'routes/cart.tsx'),
      route('dashboard/deposits/create', 'routes/deposit-create.tsx'),
      route('dashboard/deposit/processing', 'routes/payment-processing.tsx', { id: 'deposit-processing' }),
      route('processing-payment', 'routes/payment-processing.tsx', { id: 'processing-payment' }),
      route('success-payment', 'routes/payment-result.tsx', { id: 'success-payment' }),
      route('fail-payment', 'routes/payment-result.tsx', { id: 'fail-payment' }),
      route('forbidden', 'routes/forbidden.tsx'),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;

import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every screen lives under /:locale (spec section 2). The locale layout redirects
 * unsupported or missing prefixes; the session layout knows who is signed in; its splat
 * child is the 404 page. Screens are grouped by area (shop, account, dashboard, admin, seo);
 * a route whose id code relies on keeps its id from before the grouping.
 */
export default [
  index('routes/locale-redirect.tsx'),
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap-index.ts'),
  route('sitemap-pages.xml', 'routes/seo/sitemap-pages.ts'),
  route('sitemaps/products/:page', 'routes/seo/sitemap-products.ts'),
  route('texts/:file', 'routes/texts.ts'),
  route(':locale', 'routes/locale-layout.tsx', [
    layout('routes/session-layout.tsx', [
      index('routes/shop/home.tsx'),
      route('products', 'routes/shop/products.tsx'),
      route('products/generate', 'routes/shop/generate.tsx'),
      route('products/:slug', 'routes/shop/product-details.tsx'),
      route('page/:id', 'routes/shop/static-page.tsx'),
      route('about-us', 'routes/shop/about-us.tsx'),
      route('contact-us', 'routes/shop/contact-us.tsx'),
      route('newsletter/confirm', 'routes/shop/newsletter-confirm.tsx'),
      route('newsletter/unsubscribe', 'routes/shop/newsletter-unsubscribe.tsx'),
      route('login', 'routes/account/login.tsx'),
      route('register', 'routes/account/register.tsx'),
      route('forgot-password', 'routes/account/forgot-password.tsx'),
      route('reset-password', 'routes/account/reset-password.tsx'),
      route('account-deleted', 'routes/account/account-deleted.tsx'),
      ...prefix('email/verify', [
        index('routes/account/verify-email.tsx'),
        route('success', 'routes/account/verify-email-success.tsx'),
        route('already-success', 'routes/account/verify-email-already-success.tsx'),
        route(':id/:hash', 'routes/account/verify-email-link.tsx'),
      ]),
      // The dashboard's screens read its loader data by this id (useRouteLoaderData).
      route('dashboard', 'routes/dashboard/layout.tsx', { id: 'routes/dashboard-layout' }, [
        index('routes/dashboard/overview.tsx'),
        route('profile', 'routes/dashboard/profile.tsx'),
        route('deposits', 'routes/dashboard/deposits.tsx'),
        route('orders', 'routes/dashboard/orders.tsx'),
        route('favourites', 'routes/dashboard/favourites.tsx'),
        route('wallet', 'routes/dashboard/wallet.tsx'),
        route('offers', 'routes/dashboard/offers.tsx'),
        route('verification', 'routes/dashboard/verification.tsx'),
        route('notifications', 'routes/dashboard/notifications.tsx'),
        route('receipts/:kind/:id', 'routes/dashboard/receipt.tsx'),
      ]),
      route('admin', 'routes/admin/layout.tsx', [
        index('routes/admin/dashboard.tsx'),
        route('offers', 'routes/admin/offers.tsx'),
        route('offers/:id', 'routes/admin/offer.tsx'),
        route('verifications', 'routes/admin/verifications.tsx'),
        route('payouts', 'routes/admin/payouts.tsx'),
        route('users', 'routes/admin/users.tsx'),
        route('users/:id', 'routes/admin/customer.tsx'),
        route('orders', 'routes/admin/orders.tsx'),
        route('orders/:id', 'routes/admin/order.tsx'),
        route('products', 'routes/admin/products.tsx'),
        route('products/:id', 'routes/admin/product-edit.tsx'),
        route('categories', 'routes/admin/categories.tsx'),
        route('content', 'routes/admin/content/layout.tsx', [
          index('routes/admin/content/settings.tsx'),
          route('currencies', 'routes/admin/content/currencies.tsx'),
          route('languages', 'routes/admin/content/languages.tsx'),
          route('texts', 'routes/admin/content/texts.tsx'),
          route('pages', 'routes/admin/content/pages.tsx'),
          route('links', 'routes/admin/content/links.tsx'),
        ]),
        route('messages', 'routes/admin/messages.tsx'),
        route('deposits', 'routes/admin/deposits.tsx'),
        route('reports', 'routes/admin/reports.tsx'),
        route('refunds', 'routes/admin/refunds.tsx'),
        route('reviews', 'routes/admin/reviews.tsx'),
        route('audit', 'routes/admin/audit.tsx'),
        route('security', 'routes/admin/security.tsx'),
      ]),
      route('cart', 'routes/shop/cart.tsx'),
      route('dashboard/deposits/create', 'routes/dashboard/deposit-create.tsx'),
      route('dashboard/deposit/processing', 'routes/shop/payment-processing.tsx', {
        id: 'deposit-processing',
      }),
      route('processing-payment', 'routes/shop/payment-processing.tsx', { id: 'processing-payment' }),
      route('success-payment', 'routes/shop/payment-result.tsx', { id: 'success-payment' }),
      route('fail-payment', 'routes/shop/payment-result.tsx', { id: 'fail-payment' }),
      route('forbidden', 'routes/forbidden.tsx'),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;

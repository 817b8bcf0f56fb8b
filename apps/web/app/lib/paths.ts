import type { ProductSort } from '@promptmarket/contracts/product-sorts';

/**
 * Every in-app link, built in one place so that a screen never hand-writes `/${locale}/…`.
 * Each function returns a path with its query, ready for `<Link to>` or a redirect.
 */

type ProductsQuery = {
  locale: string;
  search?: string;
  /** One category slug or several. */
  category?: string | readonly string[];
  style?: string | readonly string[];
  /** A query string as the menus of /api/categories and /api/styles send it ("category=pets"). */
  query?: string;
  sort?: ProductSort;
  page?: number;
};

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const listOf = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/** A path and those of the parameters that have a value. */
function withParams(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, String(value));
  return withQuery(path, query);
}

const segment = encodeURIComponent;

export const paths = {
  home: (locale: string) => `/${locale}`,
  products: ({ locale, search, category, style, query, sort, page }: ProductsQuery) => {
    const params = new URLSearchParams(query);
    if (search) params.set('search', search);
    for (const slug of listOf(category)) params.append('category', slug);
    for (const slug of listOf(style)) params.append('style', slug);
    if (sort) params.set('sort', sort);
    if (page !== undefined && page > 1) params.set('page', String(page));
    return withQuery(`/${locale}/products`, params);
  },
  product: (locale: string, slug: string) => `/${locale}/products/${segment(slug)}`,
  /** The login page, with the in-app page to come back to. */
  login: (locale: string, redirect?: string) => withParams(`/${locale}/login`, { redirect }),
  register: (locale: string) => `/${locale}/register`,
  forgotPassword: (locale: string) => `/${locale}/forgot-password`,
  resetPassword: (locale: string) => `/${locale}/reset-password`,
  /** Where a deleted account's owner lands: the deletion done and mailed. */
  accountDeleted: (locale: string) => `/${locale}/account-deleted`,
  verifyEmail: (locale: string) => `/${locale}/email/verify`,
  forbidden: (locale: string) => `/${locale}/forbidden`,
  dashboard: (locale: string) => `/${locale}/dashboard`,
  profile: (locale: string, section?: 'edit-profile') =>
    `/${locale}/dashboard/profile${section ? `#${section}` : ''}`,
  cart: (locale: string) => `/${locale}/cart`,
  generate: (locale: string) => `/${locale}/products/generate`,
  deposit: (locale: string) => `/${locale}/dashboard/deposits/create`,
  deposits: (locale: string) => `/${locale}/dashboard/deposits`,
  orders: (locale: string) => `/${locale}/dashboard/orders`,
  /** The prompts the user liked; its later pages add `?page=` (the tab builds them, off the first load). */
  favourites: (locale: string) => `/${locale}/dashboard/favourites`,
  /** The wallet's movements, optionally of one kind and from a later page. */
  wallet: (locale: string, query: { kind?: string; page?: number } = {}) =>
    withParams(`/${locale}/dashboard/wallet`, {
      kind: query.kind,
      page: query.page && query.page > 1 ? query.page : undefined,
    }),
  offers: (locale: string) => `/${locale}/dashboard/offers`,
  /** The receipt of a credited deposit or of an order (decision 0029). */
  receipt: (locale: string, kind: 'deposit' | 'purchase', id: number) =>
    `/${locale}/dashboard/receipts/${kind}/${id}`,
  admin: (
    locale: string,
    section?:
      | 'offers'
      | 'verifications'
      | 'payouts'
      | 'users'
      | 'products'
      | 'categories'
      | 'content'
      | 'messages'
      | 'deposits'
      | 'refunds'
      | 'reviews'
      | 'reports'
      | 'audit'
      | 'orders'
      | 'security',
  ) => `/${locale}/admin${section ? `/${section}` : ''}`,
  /** The back office's page of one order (`order-12`, `generation-5`) and of one customer. */
  adminOrder: (locale: string, id: string) => `/${locale}/admin/orders/${encodeURIComponent(id)}`,
  adminCustomer: (locale: string, userId: string) => `/${locale}/admin/users/${encodeURIComponent(userId)}`,
  depositProcessing: (locale: string) => `/${locale}/dashboard/deposit/processing`,
  verification: (locale: string) => `/${locale}/dashboard/verification`,
  notifications: (locale: string) => `/${locale}/dashboard/notifications`,
  processingPayment: (locale: string, orderId: string) =>
    withParams(`/${locale}/processing-payment`, { order_id: orderId }),
  successPayment: (locale: string, orderId?: number) =>
    withParams(`/${locale}/success-payment`, { order_id: orderId }),
  failPayment: (locale: string, error?: string, reason?: string | null) =>
    withParams(`/${locale}/fail-payment`, { error, reason }),
  aboutUs: (locale: string) => `/${locale}/about-us`,
  contactUs: (locale: string) => `/${locale}/contact-us`,
  staticPage: (locale: string, slug: string) => `/${locale}/page/${segment(slug)}`,
};

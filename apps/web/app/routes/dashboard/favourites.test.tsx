import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import type { Favourites } from '@promptmarket/contracts/favourites';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render-in-site';
import { testMember } from '../../test/render-page';
import type { Route } from './+types/favourites';
import DashboardFavourites from './favourites';

const product = (id: number, title: string) =>
  ({
    id,
    slug: title.toLowerCase().replaceAll(' ', '-'),
    title,
    price: 4,
    price_eur: 4,
    likes_count: 2,
    liked: true,
    owned: false,
    category: { title: 'Landscapes' },
    thumb_url: `/media/products/${id}/320.webp`,
    image_url: `/media/products/${id}/640.webp`,
    images: { webp: { 320: `/m/${id}.webp` }, avif: { 320: `/m/${id}.avif` } },
    rating_average: null,
    rating_count: 0,
  }) as unknown as ProductSummary;

const list = (data: ProductSummary[], meta: Partial<Favourites['meta']> = {}): Favourites => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 18, total: data.length, ...meta },
});

/** The tab as the server renders it for a member, in `language`, with what its loader answered. */
function render(favourites: Favourites | null, { page = 1, language = 'en' } = {}) {
  return renderInSite(
    () => (
      <DashboardFavourites {...({ loaderData: { page, favourites } } as unknown as Route.ComponentProps)} />
    ),
    { language, user: testMember, path: 'dashboard/favourites', url: 'dashboard/favourites' },
  );
}

describe('the Favourites tab', () => {
  // The tiles' actions and the pager are islands (decision 0014): a first render asks for their
  // code, and once it has come the server writes them into the page, as it does for a visitor.
  beforeAll(async () => {
    render(list([product(1, 'Red fox')], { last_page: 2, total: 19 }));
    await import('../../features/orders/tile-actions');
    await import('../../features/catalogue/components/pagination');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('shows the liked prompts in the order the API gives (newest like first), each with its actions', () => {
    const { html, text } = render(list([product(2, 'Red fox'), product(1, 'Misty harbour')]));
    expect(text.indexOf('Red fox')).toBeGreaterThan(-1);
    expect(text.indexOf('Red fox')).toBeLessThan(text.indexOf('Misty harbour'));
    expect(text).toContain('2 prompts');
    expect(html).toContain('href="/en/products/red-fox"');
    // Each tile's Unlike names its prompt; its button stays off until the page's code runs.
    expect(text).toContain('Remove from favourites : Red fox');
    expect(text).toContain('Remove from favourites : Misty harbour');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Remove from favourites/);
    // Buy now and Add to cart come from the product list's tile actions.
    expect(text).toContain('Buy now');
    expect(html).not.toContain('role="alert"');
    // One page only: no pager.
    expect(html).not.toContain('aria-label="Pages"');
  });

  it('links to the other pages when there are more', () => {
    const { html } = render(list([product(3, 'Red fox')], { current_page: 2, last_page: 3, total: 40 }), {
      page: 2,
    });
    expect(html).toContain('aria-label="Pages"');
    expect(html).toContain('href="/en/dashboard/favourites?page=3"');
    expect(html).toContain('href="/en/dashboard/favourites"');
  });

  it('says where the favourites end for a page past the last', () => {
    const { text, html } = render(list([], { current_page: 5, last_page: 2, total: 20 }), { page: 5 });
    expect(text).toContain('There is no page 5');
    expect(html).toContain('href="/en/dashboard/favourites?page=2"');
  });

  it('has an empty state that leads to the prompts', () => {
    const { html, text } = render(list([]));
    expect(text).toContain('You have not liked any prompts yet.');
    expect(html).toContain('href="/en/products"');
    expect(text).toContain('Browse prompts');
    expect(text).not.toContain('Remove from favourites');
  });

  it('says so when the favourites could not be loaded, and offers to try again', () => {
    const { html, text } = render(null);
    expect(html).toContain('role="alert"');
    expect(text).toContain('Failed to load your favourites. Please try again later.');
    expect(text).toContain('Try again');
    expect(text).not.toContain('You have not liked any prompts yet.');
  });

  it('is written in each of the six languages', () => {
    const titles: Record<string, [string, string]> = {
      en: ['Your favourites', 'You have not liked any prompts yet.'],
      de: ['Deine Favoriten', 'Du hast noch keine Prompts'],
      fr: ['Vos favoris', 'Vous n’avez encore aimé aucun prompt.'],
      es: ['Tus favoritos', 'Todavía no te ha gustado ningún prompt.'],
      it: ['I tuoi preferiti', 'Non ti è ancora piaciuto nessun prompt.'],
      pl: ['Twoje ulubione', 'Nie masz jeszcze polubionych promptów.'],
    };
    for (const [language, [title, empty]] of Object.entries(titles)) {
      expect(render(list([]), { language }).text, language).toContain(title);
      expect(render(list([]), { language }).text, language).toContain(empty);
    }
    expect(render(list([product(1, 'Lis')]), { language: 'pl' }).text).toContain('Usuń z ulubionych');
  });
});

import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { renderInSite } from '../../../test/render-in-site';
import { ProductCard } from './product-card';

const product = (price: number) =>
  ({
    id: 7,
    slug: 'misty-harbour',
    title: 'Misty harbour',
    price,
    likes_count: 3,
    category: { title: 'Landscapes' },
    thumb_url: '/media/products/misty-harbour/320.webp',
    image_url: '/media/products/misty-harbour/640.webp',
    images: { webp: { 320: '/m/320.webp' }, avif: { 320: '/m/320.avif' } },
  }) as unknown as ProductSummary;

/** The tile's price as a visitor reads it in `language`, with the shop's currency `name`. */
function price(language: string, amount: number, name: string): string {
  const { html } = renderInSite(() => <ProductCard product={product(amount)} />, {
    language,
    currencyName: name,
  });
  return /<span class="font-semibold text-slate-900">([^<]*)<\/span>/.exec(html)?.[1] ?? '';
}

describe('a product tile', () => {
  it('writes its price with the name of the credits in the form the number needs', () => {
    expect(price('en', 13.9, 'Credits')).toBe('13.90 credits');
    expect(price('en', 1, 'Credits')).toBe('1 credit');
    expect(price('en', 25, 'Credits')).toBe('25 credits');
    expect(price('de', 1, 'Credits')).toBe('1 Credit');
    expect(price('fr', 1.5, 'Crédits')).toBe('1,50 crédit');
    expect(price('es', 2, 'Créditos')).toBe('2 créditos');
    expect(price('it', 1, 'Crediti')).toBe('1 credito');
  });

  it('says 1 kredyt, 2 kredyty, 5 kredytów and 11,90 kredytu in Polish', () => {
    expect(price('pl', 1, 'Kredyty')).toBe('1 kredyt');
    expect(price('pl', 2, 'Kredyty')).toBe('2 kredyty');
    expect(price('pl', 5, 'Kredyty')).toBe('5 kredytów');
    expect(price('pl', 11.9, 'Kredyty')).toBe('11,90 kredytu');
  });

  it('shows the rating with its count only when it has reviews, named in words', () => {
    const rated = (language: string, average: number | null, count: number) =>
      renderInSite(
        () => <ProductCard product={{ ...product(4.5), rating_average: average, rating_count: count }} />,
        { language },
      ).html;
    expect(rated('en', 4.6, 12)).toContain(
      '<span role="img" class="text-slate-500" aria-label="Rated 4.6 out of 5 by 12 buyers">★ 4.6 (12)</span>',
    );
    expect(rated('en', 5, 1)).toContain('aria-label="Rated 5.0 out of 5 by 1 buyer">★ 5.0 (1)</span>');
    expect(rated('de', 4.6, 3)).toContain(
      'aria-label="Von 3 Käufern mit 4,6 von 5 bewertet">★ 4,6 (3)</span>',
    );
    expect(rated('en', null, 0)).not.toContain('★');
  });

  it('writes a currency the shop renamed as it was named', () => {
    expect(price('en', 13.9, 'Tokens')).toBe('13.90 Tokens');
  });
});

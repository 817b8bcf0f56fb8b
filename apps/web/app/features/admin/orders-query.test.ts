import { describe, expect, it } from 'vitest';
import { filtered, ordersApiQuery, ordersFilters } from './orders-query';

describe('the orders list’s filters', () => {
  it('reads the filters from the address and drops a kind or status the list does not know', () => {
    const params = new URLSearchParams(
      'search=%20zaneta%20weiss%20&kind=refund&status=done&from=2026-11-01&x=1',
    );
    expect(ordersFilters(params)).toEqual({
      search: 'zaneta weiss',
      kind: '',
      status: 'done',
      from: '2026-11-01',
      to: '',
    });
  });

  it('passes on the filters set, the page and the rows per page, nothing else', () => {
    const query = ordersApiQuery(
      new URLSearchParams('kind=checkout&to=2026-11-30&page=3&per_page=1000&evil=1'),
    );
    expect(Object.fromEntries(query)).toEqual({
      kind: 'checkout',
      to: '2026-11-30',
      page: '3',
      per_page: '25',
    });
    expect(Object.fromEntries(ordersApiQuery(new URLSearchParams('page=0')))).toEqual({ per_page: '25' });
  });

  it('keeps a day typed wrong, for the API to refuse and the screen to say so', () => {
    expect(ordersApiQuery(new URLSearchParams('from=2026-02-30')).get('from')).toBe('2026-02-30');
  });

  it('narrows to one customer with a page of its own', () => {
    const query = ordersApiQuery(new URLSearchParams('page=2&orders_page=4'), {
      perPage: 10,
      userId: 'b1c2',
      pageParam: 'orders_page',
    });
    expect(Object.fromEntries(query)).toEqual({ page: '4', per_page: '10', user_id: 'b1c2' });
  });

  it('tells a filtered list from the whole one', () => {
    expect(filtered(ordersFilters(new URLSearchParams('page=2')))).toBe(false);
    expect(filtered(ordersFilters(new URLSearchParams('status=failed')))).toBe(true);
  });
});

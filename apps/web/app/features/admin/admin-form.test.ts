import type { UseFormRegister } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { withStartingValues } from './admin-form';

type Values = { code: string; active: boolean; rate: number; translations: { de: { title: string } } };

/** What react-hook-form's `register` gives an element: its name and handlers, never its value. */
const register = ((name: string) => ({
  name,
  onChange: async () => {},
  onBlur: async () => {},
  ref: () => {},
})) as unknown as UseFormRegister<Values>;

describe('a back-office field registered with its starting value', () => {
  const shown = withStartingValues(register, {
    code: 'SEK',
    active: true,
    rate: 11.2,
    translations: { de: { title: 'Porträts' } },
  });

  it('carries the value into the element, so the server-rendered page shows it', () => {
    expect(shown('code')).toMatchObject({ name: 'code', defaultValue: 'SEK' });
    expect(shown('rate')).toMatchObject({ defaultValue: 11.2 });
    expect(shown('translations.de.title')).toMatchObject({ defaultValue: 'Porträts' });
  });

  it('ticks a checkbox whose value is true, and leaves a field with no value empty', () => {
    expect(shown('active')).toMatchObject({ defaultChecked: true });
    expect(shown('active')).not.toHaveProperty('defaultValue');
    const none = withStartingValues(register, {});
    expect(none('code')).not.toHaveProperty('defaultValue');
  });
});

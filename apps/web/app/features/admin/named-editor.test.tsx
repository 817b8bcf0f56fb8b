// @vitest-environment jsdom
import type { AdminCategory, AdminStyle } from '@promptmarket/contracts/admin-catalogue';
import { validationText } from '@promptmarket/contracts/validation-messages';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formInBrowser, refusal, settle, typeInto } from '../../test/form-in-browser';
import { CategoryEditor } from './category-editor';
import { StyleEditor } from './style-editor';

const site = {
  languages: [
    { code: 'en', name: 'English' },
    { code: 'de', name: 'Deutsch' },
  ],
} as never;

const painting: AdminCategory = {
  id: 7,
  parent_id: null,
  slug: 'painting',
  position: 0,
  title: 'Malerei',
  translations: { en: { title: 'Painting' }, de: { title: 'Malerei' } },
  product_count: 3,
  subcategory_count: 0,
};

const watercolour: AdminStyle = {
  id: 4,
  slug: 'watercolour',
  position: 0,
  title: 'Aquarell',
  image_url: null,
  translations: { en: { title: 'Watercolour' }, de: { title: 'Aquarell' } },
  product_count: 2,
};

let page: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

async function submit(button: HTMLButtonElement) {
  await act(async () => button.form?.requestSubmit());
  await settle();
}

describe('the category and style editors', () => {
  it('check a new category with the contract before sending, in the page’s language, and put the API’s refusal on its field', async () => {
    let answer = refusal({ slug: ['Diese Adresse ist vergeben.'] });
    page = await formInBrowser(() => <CategoryEditor categories={[painting]} />, {
      language: 'de',
      site,
      answer: () => answer,
    });
    const slug = page.field('Adresse');
    const create = page.button('Anlegen');
    await page.type('Adresse', 'Not a slug');
    await submit(create);
    expect(page.sent).toEqual([]);
    expect(page.errorOf('Adresse')).toBe(validationText('slug.invalid', 'de'));
    // Each row has its own titles' fields too: the new category's are found by their ids.
    expect(errorOfField('new-category-title-en')).toBe(validationText('title.required', 'de'));
    expect(document.activeElement).toBe(slug);

    await page.type('Adresse', 'landscapes');
    await typeInto(byId('new-category-title-en'), 'Landscapes');
    await page.type('Übergeordnet', '7');
    await submit(create);
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]).toMatchObject({
      method: 'POST',
      body: { slug: 'landscapes', parent_id: 7, translations: { en: { title: 'Landscapes' } } },
    });
    expect(page.sent[0]?.path).toMatch(/\/api\/admin\/categories$/);
    expect(page.errorOf('Adresse')).toBe('Diese Adresse ist vergeben.');
    expect(errorOfField('new-category-title-en')).toBeNull();

    answer = {
      status: 200,
      body: {
        status: 'OK',
        message: 'Saved',
        payload: {
          ...painting,
          id: 8,
          parent_id: 7,
          slug: 'landscape',
          title: 'Landscapes',
          product_count: 0,
        },
      },
    };
    await page.type('Adresse', 'landscape');
    await submit(create);
    expect(page.sent).toHaveLength(2);
    expect(page.text()).toContain('Gespeichert. Der Shop zeigt es jetzt.');
    // The form is empty again for the next category.
    expect(page.field('Adresse').value).toBe('');
  });

  it('send a category’s changed titles: an emptied language loses its title, English cannot be emptied', async () => {
    page = await formInBrowser(() => <CategoryEditor categories={[painting]} />, { language: 'en', site });
    const row = document.querySelector('details') as HTMLDetailsElement;
    const english = byId('admin-categories-7-title-en');
    const german = byId('admin-categories-7-title-de');
    expect(english.value).toBe('Painting');
    expect(german.value).toBe('Malerei');
    const save = row.querySelector('button[type="submit"]') as HTMLButtonElement;

    await typeInto(english, ' ');
    await submit(save);
    expect(page.sent).toEqual([]);
    expect(english.getAttribute('aria-invalid')).toBe('true');
    expect(errorOfField(english.id)).toBe(validationText('title.required', 'en'));

    await typeInto(english, 'Paintings');
    await typeInto(german, '');
    await submit(save);
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]).toMatchObject({
      method: 'PUT',
      body: { translations: { en: { title: 'Paintings' }, de: null } },
    });
    expect(page.sent[0]?.path).toMatch(/\/api\/admin\/categories\/7$/);
  });

  it('send a new style’s data with its picture, checked with the style’s contract', async () => {
    // A picture goes up through XMLHttpRequest (it reports progress), answered here as the API would.
    const uploads: { method: string; path: string; body: FormData }[] = [];
    class Upload {
      status = 0;
      statusText = '';
      responseText = '';
      withCredentials = false;
      upload = {};
      onload: (() => void) | null = null;
      private target = { method: '', path: '' };
      open(method: string, path: string) {
        this.target = { method, path };
      }
      setRequestHeader() {}
      send(body: FormData) {
        uploads.push({ ...this.target, body });
        const { status, body: answer } = refusal({ image: ['The picture could not be read.'] });
        this.status = status;
        this.responseText = JSON.stringify(answer);
        setTimeout(() => this.onload?.(), 0);
      }
    }
    page = await formInBrowser(() => <StyleEditor styles={[watercolour]} />, { language: 'en', site });
    vi.stubGlobal('XMLHttpRequest', Upload);
    const create = page.button('Create');
    await page.type('Address', 'ink');
    await submit(create);
    expect(uploads).toEqual([]);
    expect(errorOfField('new-style-title-en')).toBe(validationText('title.required', 'en'));

    await typeInto(byId('new-style-title-en'), 'Ink');
    await typeInto(byId('new-style-title-de'), 'Tusche');
    const picture = page.field('Picture');
    const file = new File(['not a picture'], 'ink.png', { type: 'image/png' });
    Object.defineProperty(picture, 'files', { value: [file] });
    await submit(create);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'POST', path: '/api/admin/styles' });
    const body = uploads[0]?.body as FormData;
    expect(JSON.parse(String(body.get('data')))).toEqual({
      slug: 'ink',
      translations: { en: { title: 'Ink' }, de: { title: 'Tusche' } },
    });
    expect((body.get('image') as File).name).toBe('ink.png');
    expect(page.errorOf('Picture')).toBe('The picture could not be read.');
  });
});

function byId(id: string): HTMLInputElement {
  const found = document.getElementById(id);
  if (!(found instanceof HTMLInputElement)) throw new Error(`no field ${id}`);
  return found;
}

/** The error a screen reader reads with the field (its `aria-describedby`), or null. */
function errorOfField(id: string): string | null {
  const field = byId(id);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(`${id}-error`)?.textContent ?? null;
}

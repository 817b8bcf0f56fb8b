import { validationText } from '@promptmarket/contracts/validation-messages';
import { describe, expect, it } from 'vitest';
import { type OfferFormValues, offerFormResolver } from './offer-form-schema';

/** The texts the create form shows after a press on Send offer, by field. */
async function shown(values: OfferFormValues) {
  const result = await offerFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [
      field,
      validationText(String((error as { message?: string }).message), 'en'),
    ]),
  );
}

const picture = (size = 1024, type = 'image/png', name = 'work.png') => {
  const file = new File([new Uint8Array(size)], name, { type });
  return { length: 1, 0: file };
};

const filled: OfferFormValues = {
  title: 'Harbour lights',
  category_id: '3',
  price: '120',
  style_ids: ['1', '4'],
  media: picture(),
  description: '',
  add_text: '',
  prompt: 'Harbour lights at night, rain, reflections',
  confirm: '1',
};

describe('the offer form', () => {
  it('shows every problem of an empty form in the spec’s words', async () => {
    expect(
      await shown({
        title: ' ',
        category_id: '',
        price: '',
        style_ids: [],
        media: { length: 0 },
        description: '',
        add_text: '',
        confirm: false,
      }),
    ).toEqual({
      title: 'Please enter a title.',
      category_id: 'Please choose a category.',
      price: 'Please enter a price.',
      style_ids: 'Please choose at least one style.',
      media: 'Please choose a file.',
      confirm: 'Please confirm that the work was created with AI.',
    });
  });

  it('takes a price as the server does', async () => {
    expect(await shown(filled)).toEqual({});
    expect(await shown({ ...filled, price: '12,5', style_ids: ['2'] })).toEqual({});
    expect(await shown({ ...filled, price: '12.345' })).toEqual({
      price: 'Please enter a price of at least 0 with at most two decimals.',
    });
    expect(await shown({ ...filled, price: '1e3' })).toEqual({
      price: 'Please enter a price of at least 0 with at most two decimals.',
    });
  });

  it('asks for the prompt with a picture, with the other problems at once, but not with a document', async () => {
    const needed =
      'Please enter the prompt the buyer will receive, in English: it is required for a picture.';
    expect(await shown({ ...filled, prompt: '' })).toEqual({ prompt: needed });
    expect(await shown({ ...filled, prompt: '  ab ' })).toEqual({ prompt: needed });
    expect(await shown({ ...filled, prompt: '', title: '' })).toEqual({
      title: 'Please enter a title.',
      prompt: needed,
    });
    expect(await shown({ ...filled, prompt: '', media: picture(10, 'image/jpeg', 'work.jpg') })).toEqual({
      prompt: needed,
    });
    expect(
      await shown({ ...filled, prompt: '', media: picture(10, 'application/pdf', 'notes.pdf') }),
    ).toEqual({});
    expect(
      await shown({ ...filled, prompt: '', media: picture(10, 'image/svg+xml', 'drawing.svg') }),
    ).toEqual({});
  });

  it('refuses a file over 10 MB or of another kind before sending it', async () => {
    expect(await shown({ ...filled, media: picture(10 * 1024 * 1024 + 1) })).toEqual({
      media: 'File size must not exceed 10MB',
    });
    expect(await shown({ ...filled, media: picture(10, 'text/x-php', 'work.php') })).toEqual({
      media: 'Please upload a valid file type (JPG, PNG, GIF, SVG, PDF, DOC, DOCX)',
    });
  });
});

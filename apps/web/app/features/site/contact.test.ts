import { contactRequest } from '@promptmarket/contracts/content';
import { validationText } from '@promptmarket/contracts/validation-messages';
import { describe, expect, it } from 'vitest';
import { contactErrorList } from './contact';

/** What the form shows for `input` in `locale`: every failing field with its text, in order. */
function shown(input: Record<string, string>, locale = 'en') {
  const result = contactRequest.safeParse(input);
  if (result.success) return [];
  const failing = new Map(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  return contactErrorList((field) => {
    const key = failing.get(field);
    return key ? validationText(key, locale) : undefined;
  });
}

const complete = {
  name: 'Marie Curie',
  email: 'marie@example.test',
  subject: 'Buying in bulk',
  message: 'Do you sell prompts in bulk?',
};

describe('the contact-us form', () => {
  it('names every failing field at once, in the order the fields are shown', () => {
    expect(shown({ name: '', email: '', subject: '', message: '' })).toEqual([
      { field: 'name', text: 'Name is required' },
      { field: 'email', text: 'Email is required' },
      { field: 'subject', text: 'Subject is required' },
      { field: 'message', text: 'Message is required' },
    ]);
    expect(shown({ ...complete, email: 'nope', message: '  ' })).toEqual([
      { field: 'email', text: 'Please enter a valid email' },
      { field: 'message', text: 'Message is required' },
    ]);
    expect(shown(complete)).toEqual([]);
  });

  it('names them in the page’s language', () => {
    expect(
      shown({ name: '', email: 'x', subject: '', message: '' }, 'pl').map((error) => error.text),
    ).toEqual([
      'Imię i nazwisko są wymagane',
      'Podaj prawidłowy adres e-mail',
      'Temat jest wymagany',
      'Wiadomość jest wymagana',
    ]);
  });
});

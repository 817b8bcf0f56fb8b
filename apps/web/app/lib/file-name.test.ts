import { describe, expect, it } from 'vitest';
import { filenameOf } from './api-browser';

describe('filenameOf', () => {
  it('takes the UTF-8 name, then the plain one, else download.zip', () => {
    expect(filenameOf(`attachment; filename="a.zip"; filename*=UTF-8''sch%C3%B6n.zip`)).toBe('schön.zip');
    expect(filenameOf('attachment; filename="prompt-1-512x512.zip"')).toBe('prompt-1-512x512.zip');
    expect(filenameOf(null)).toBe('download.zip');
    expect(filenameOf('attachment')).toBe('download.zip');
  });
});

import { describe, expect, it } from 'vitest';
import { chosenFile } from './chosen-file';

describe('chosenFile', () => {
  it('is the first file of the list, none when the list is empty or the file has no bytes', () => {
    const file = new File(['scan'], 'front.jpg', { type: 'image/jpeg' });
    expect(chosenFile({ length: 1, 0: file })).toBe(file);
    expect(chosenFile({ length: 0 })).toBeNull();
    expect(chosenFile({ length: 1, 0: new File([], 'empty.jpg') })).toBeNull();
    expect(chosenFile(undefined)).toBeNull();
    expect(chosenFile(false)).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphemes } from './graphemes';

describe('graphemes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('splits plain Latin text without Intl.Segmenter', () => {
    const segmenter = vi.spyOn(Intl, 'Segmenter');
    expect(graphemes('Żółć Straße ñ')).toEqual([...'Żółć Straße ñ']);
    expect(segmenter).not.toHaveBeenCalled();
  });

  it('keeps a letter with a combining accent, an emoji with its joiners and a flag whole', () => {
    expect(graphemes('e\u0301mile')).toEqual(['e\u0301', 'm', 'i', 'l', 'e']);
    expect(graphemes('a👩‍👩‍👧b')).toEqual(['a', '👩‍👩‍👧', 'b']);
    expect(graphemes('🇵🇱x')).toEqual(['🇵🇱', 'x']);
    expect(graphemes('\r\n')).toEqual(['\r\n']);
  });

  it('agrees with Intl.Segmenter on text of every kind', () => {
    for (const text of ['', 'Portrait of an Old Sailor', 'Ça va? Ünïcödé', 'Ωμέγα', 'नमस्ते', '日本語']) {
      expect(graphemes(text)).toEqual(Array.from(new Intl.Segmenter().segment(text), (part) => part.segment));
    }
  });
});

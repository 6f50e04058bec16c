import { describe, expect, it } from 'vitest';
import { cutAtWord } from './seo-text.ts';

describe('cutAtWord', () => {
  it('keeps a short text as it is, with its spaces folded', () => {
    expect(cutAtWord('Лаванда  узколистная\n— масло.', 160)).toBe('Лаванда узколистная — масло.');
  });

  it('ends at a sentence when one ends in the second half', () => {
    const text = 'Первое предложение довольно длинное. Второе предложение не помещается в описание целиком.';
    expect(cutAtWord(text, 60)).toBe('Первое предложение довольно длинное.');
  });

  it('cuts between words, never inside one, and marks the cut', () => {
    const text = 'Масло с тёплым травянистым ароматом для ванн массажа и ароматерапии в холодное время года';
    const cut = cutAtWord(text, 50);
    expect(cut.endsWith('…')).toBe(true);
    expect(Array.from(cut).length).toBeLessThanOrEqual(50);
    const words = cut.slice(0, -1).split(' ');
    expect(text.split(' ').slice(0, words.length)).toEqual(words);
  });
});

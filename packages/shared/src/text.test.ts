import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { text, textProblem, textWithLines } from './text.ts';

/** A sample of each Unicode general category that is text: all are taken. */
const TEXT_SAMPLES: Record<string, string> = {
  'Lu, Ll, Lt, Lm, Lo': 'Aa\u01c5\u02b0\u05d0',
  'Mn, Mc, Me': 'e\u0301\u0903\u20dd',
  'Nd, Nl, No': '7\u2160\u00bd',
  'Pc, Pd, Ps, Pe, Pi, Pf, Po': '_-()\u00ab\u00bb!',
  'Sm, Sc, Sk, So': '+$^\u00a9🔌',
  'Zs (a no-break space)': 'a\u00a0b',
  'Zl, Zp': 'a\u2028b\u2029c',
  'Cf (a zero-width joiner in an emoji, a right-to-left mark)': '👩\u200d🔧\u200f',
  'Co (private use)': '\ue000',
  'Cn (unassigned)': '\u0378',
  'a surrogate pair': '\ud83d\udd0c',
};

describe('text', () => {
  it.each(Object.entries(TEXT_SAMPLES))('takes %s', (_category, sample) => {
    expect(textProblem(sample)).toBeUndefined();
    expect(text().parse(sample)).toBe(sample);
  });

  it.each(['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f', '\t', '\n', '\r'])('refuses the control character %j on one line', (control) => {
    expect(textProblem(`a${control}b`)).toBe('control-character');
  });

  it('takes tab, newline and carriage return in text with lines, and no other control character', () => {
    expect(textProblem('a\tb\r\nc', { lines: true })).toBeUndefined();
    expect(textProblem('a\u0000b', { lines: true })).toBe('control-character');
    expect(textProblem('a\u000bb', { lines: true })).toBe('control-character');
  });

  it.each(['\ud800', '\udfff', 'a\ud83d', '\udd0ca'])('refuses half of a character (%j)', (broken) => {
    expect(textProblem(broken)).toBe('broken-character');
  });

  it("words the refusal with the field's label and stops at it", () => {
    const form = z.object({ linkedIn: text().trim().min(1).pipe(z.url()), review: textWithLines().max(3) });
    const result = form.safeParse({ linkedIn: '\u0000', review: 'ok\ud800 long' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'LinkedIn contains an invisible control character: remove it',
      'Review contains a broken character: remove it',
    ]);
  });
});

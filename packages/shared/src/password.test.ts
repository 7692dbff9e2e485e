import { describe, expect, it } from 'vitest';
import { isValidPassword, PASSWORD_RULES, passwordSchema } from './password.ts';

describe('the registration password rules (product.md, "Rules for what people type")', () => {
  const unmet = (password: string) => PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.id);

  it.each([
    ['Ab#1', ['min']],
    ['Abcdefg#123', ['max']],
    ['Abcdef#', ['digit']],
    ['Abcdef12', ['special']],
    ['abcde#12', ['upper']],
    ['ABCDE#12', ['lower']],
    ['', ['min', 'digit', 'special', 'upper', 'lower']],
  ])('%s fails exactly %j', (password, rules) => {
    expect(unmet(password)).toEqual(rules);
    expect(isValidPassword(password)).toBe(false);
  });

  it.each(['Abc#12', 'Volt#2026', 'Zz9!Zz9!Zz', 'a1B@c2D$'])('accepts %s', (password) => {
    expect(unmet(password)).toEqual([]);
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });

  it('accepts only the special characters the spec lists', () => {
    expect(isValidPassword('Abcde1-')).toBe(false);
    for (const special of '!@#$%^&*') expect(isValidPassword(`Abcde1${special}`)).toBe(true);
  });
});

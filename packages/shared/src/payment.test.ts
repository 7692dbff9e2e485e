import { describe, expect, it } from 'vitest';
import { cardSchema, passesLuhn } from './payment.ts';

describe('the built-in gateway card form', () => {
  it.each(['4242424242424242', '4000000000000002', '4000000000009995', '4000000000000069', '4000000000000127', '5555555555554444'])(
    'knows %s passes the checksum',
    (number) => expect(passesLuhn(number)).toBe(true),
  );

  it('rejects a number with a wrong check digit', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('accepts spaces and dashes as typed, and keeps digits only', () => {
    const card = cardSchema.parse({ number: '4242-4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '10115' });
    expect(card.number).toBe('4242424242424242');
  });

  it.each([
    [{ number: '4242 4242', expiry: '12/34', cvc: '123', postalCode: '10115' }, 'Your card number is incomplete.'],
    [{ number: '4242424242424242', expiry: '13/34', cvc: '123', postalCode: '10115' }, "Your card's expiration date is incomplete."],
    [{ number: '4242424242424242', expiry: '01/20', cvc: '123', postalCode: '10115' }, "Your card's expiration year is in the past."],
    [{ number: '4242424242424242', expiry: '12/34', cvc: '12', postalCode: '10115' }, "Your card's security code is incomplete."],
    [{ number: '4242424242424242', expiry: '12/34', cvc: '123', postalCode: '1' }, 'Your postal code is incomplete.'],
  ])('says what is wrong with %j', (card, message) => {
    const result = cardSchema.safeParse(card);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

const digitsOf = (typed: string) => typed.replace(/\D/g, '');

/** "4242424242424242" -> "4242 4242 4242 4242", as printed on the card; at most 19 digits. */
export function formatCardNumber(typed: string): string {
  return (
    digitsOf(typed)
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/**
 * "1234" -> "12 / 34". The separator appears only once the year starts, so deleting back over it
 * works without fighting the formatting.
 */
export function formatExpiry(typed: string): string {
  const digits = digitsOf(typed).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

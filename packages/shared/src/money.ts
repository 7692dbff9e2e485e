/**
 * Every amount the shop shows, as people read money: "$1,000,000", "$999,999.99". Whole dollars
 * (prices, totals) show no cents; an amount with cents (the card maximum) shows both digits.
 */
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export function formatMoney(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars.format(amount) : dollarsAndCents.format(amount);
}

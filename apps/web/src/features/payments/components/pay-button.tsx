/** The one Pay button both card forms submit with. */
export function PayButton({ canPay }: { canPay: boolean }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={!canPay}>
      Pay
    </button>
  );
}

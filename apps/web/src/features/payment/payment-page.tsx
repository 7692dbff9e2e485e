import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function PaymentPage() {
  return <PlaceholderPage title="Payment" text="Card payment opens once ordering is available." />;
}

import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function PurchasePage() {
  return <PlaceholderPage title="Purchase" text="Ordering opens once accounts are available." />;
}

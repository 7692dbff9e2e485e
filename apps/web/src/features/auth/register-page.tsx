import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function RegisterPage() {
  return <PlaceholderPage title="Register" text="Creating an account opens with the accounts release of the shop." />;
}

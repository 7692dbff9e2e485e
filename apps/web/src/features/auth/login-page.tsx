import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function LoginPage() {
  return <PlaceholderPage title="Login" text="Signing in opens with the accounts release of the shop." />;
}

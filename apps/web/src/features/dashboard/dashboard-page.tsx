import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" text="The dashboard opens with the accounts release of the shop." />;
}

import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useStaffRoles } from '../../../lib/session/api/get-admin-status.ts';
import { OVERVIEW_PERMISSION } from '../../layout/back-office-pages.ts';
import { ShopOverview } from '../../../features/orders/components/shop-overview.tsx';
import { VatReportDownload } from '../../../features/orders/components/vat-report-download.tsx';
import { MyProfilePage } from './my-profile.tsx';

/** An admin's dashboard opens on how the shop is doing: the last 30 days and what needs restocking. */
function OverviewPage() {
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl font-bold">Overview</h2>
        <VatReportDownload />
      </div>
      <ShopOverview ordersShown />
    </section>
  );
}

/**
 * /dashboard (issue 26, item 13): an admin or an accountant (decision 063) lands on the overview,
 * where their work starts; anyone else keeps the spec's My Profile. Their profile is at /dashboard/profile.
 */
export function DashboardHomePage() {
  const { may, isPending } = useStaffRoles();
  if (isPending) return <LoadingSpinner label="Loading your dashboard" className="py-24" />;
  return may(OVERVIEW_PERMISSION) ? <OverviewPage /> : <MyProfilePage />;
}

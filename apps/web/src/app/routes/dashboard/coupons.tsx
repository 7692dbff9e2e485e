import { useState } from 'react';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useCoupons } from '../../../features/pricing/api/coupons.ts';
import { CouponForm } from '../../../features/pricing/components/coupon-form.tsx';
import { CouponsTable } from '../../../features/pricing/components/coupons-table.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Admin: coupon codes, newest first, found by the start of their code; create one, switch one off. */
export function CouponsPage() {
  const [q, setQ] = useState('');
  const coupons = useCoupons(q || undefined);
  return (
    <DashboardPage title="Coupons">
      <div className="max-w-3xl">
        <CouponForm />
      </div>
      <SearchBox label="Search codes" value={q} onSearch={setQ} />
      <LoadMoreList list={coupons} loadingLabel="Loading coupons" emptyText={q ? 'No coupon code starts with that' : 'No coupon yet'}>
        {(rows) => <CouponsTable coupons={rows} />}
      </LoadMoreList>
    </DashboardPage>
  );
}

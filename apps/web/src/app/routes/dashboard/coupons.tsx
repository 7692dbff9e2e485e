import { useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useCoupons } from '../../../features/pricing/api/coupons.ts';
import { CouponForm } from '../../../features/pricing/components/coupon-form.tsx';
import { CouponsTable } from '../../../features/pricing/components/coupons-table.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

const COUPON_LIST_ID = 'coupons-list';

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
      <QueryState query={coupons.rows} loadingLabel="Loading coupons" emptyText={q ? 'No coupon code starts with that' : 'No coupon yet'}>
        {(rows) => (
          <>
            <div id={COUPON_LIST_ID}>
              <CouponsTable coupons={rows} />
            </div>
            <LoadMoreButton more={coupons.more} controls={COUPON_LIST_ID} />
          </>
        )}
      </QueryState>
    </DashboardPage>
  );
}

import { formatMoney } from '@voltline/shared/money';
import type { ShopOverview as Overview } from '@voltline/shared/order';
import { QueryState } from '../../../components/query-state.tsx';
import { useShopOverview } from '../api/get-shop-overview.ts';
import { LowStockList } from './low-stock-list.tsx';
import { RevenueChart } from './revenue-chart.tsx';

/**
 * The last 30 days at a glance, above the orders: revenue, order count and what needs restocking.
 * It asks once `ordersShown` is true: on the embedded database every query waits its turn on one
 * connection, and the orders an admin came for should not wait behind a month of figures.
 */
export function ShopOverview({ ordersShown }: { ordersShown: boolean }) {
  const overview = useShopOverview({ enabled: ordersShown });
  return (
    <QueryState query={overview} loadingLabel="Loading the shop overview" spinnerClassName="py-6">
      {(figures) => <OverviewFigures overview={figures} />}
    </QueryState>
  );
}

function OverviewFigures({ overview: { days, lowStockTools, lowStockCount } }: { overview: Overview }) {
  const totalRevenue = days.reduce((sum, day) => sum + day.revenue, 0);
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0);
  return (
    <section aria-label="Shop overview" className="grid gap-6 rounded-box bg-base-100 p-4 shadow lg:grid-cols-[2fr_1fr]">
      <div className="flex min-w-0 flex-col gap-3">
        <div className="stats stats-vertical sm:stats-horizontal">
          <div className="stat px-0 sm:px-6">
            <p className="stat-value text-xl">{`Revenue (30 days): ${formatMoney(totalRevenue)}`}</p>
          </div>
          <div className="stat px-0 sm:px-6">
            <p className="stat-value text-xl">{`Orders (30 days): ${totalOrders}`}</p>
          </div>
        </div>
        <RevenueChart days={days} totalRevenue={totalRevenue} totalOrders={totalOrders} />
      </div>
      <LowStockList tools={lowStockTools} count={lowStockCount} />
    </section>
  );
}

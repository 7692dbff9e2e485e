import { QueryState } from '../../../components/query-state.tsx';
import { useDeliveryPromotionSetting } from '../../../features/pricing/api/delivery-promotion.ts';
import { useDeliveryRates } from '../../../features/pricing/api/delivery-rates.ts';
import { DeliveryPromotionForm } from '../../../features/pricing/components/delivery-promotion-form.tsx';
import { DeliveryRatesForm } from '../../../features/pricing/components/delivery-rates-form.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Admin: what delivery costs by destination, and the banner's delivery promotion. */
export function DeliveryPage() {
  const rates = useDeliveryRates();
  const promotion = useDeliveryPromotionSetting();
  return (
    <DashboardPage title="Delivery" width="3xl">
      <QueryState query={rates} loadingLabel="Loading delivery rates">
        {(saved) => <DeliveryRatesForm saved={saved} />}
      </QueryState>
      <QueryState query={promotion} loadingLabel="Loading the delivery promotion">
        {(saved) => <DeliveryPromotionForm saved={saved} />}
      </QueryState>
    </DashboardPage>
  );
}

import { QueryState } from '../../../components/query-state.tsx';
import { useDeliveryPromotionSetting } from '../../../features/pricing/api/delivery-promotion.ts';
import { useDeliveryRates } from '../../../features/pricing/api/delivery-rates.ts';
import { DeliveryPromotionForm } from '../../../features/pricing/components/delivery-promotion-form.tsx';
import { DeliveryRatesForm } from '../../../features/pricing/components/delivery-rates-form.tsx';

/** Admin: what delivery costs by destination, and the banner's delivery promotion. */
export function DeliveryPage() {
  const rates = useDeliveryRates();
  const promotion = useDeliveryPromotionSetting();
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h2 className="text-2xl font-bold">Delivery</h2>
      <QueryState query={rates} loadingLabel="Loading delivery rates">
        {(saved) => <DeliveryRatesForm saved={saved} />}
      </QueryState>
      <QueryState query={promotion} loadingLabel="Loading the delivery promotion">
        {(saved) => <DeliveryPromotionForm saved={saved} />}
      </QueryState>
    </section>
  );
}

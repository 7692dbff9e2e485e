import type { Coupon } from '@voltline/shared/coupons';
import { formatMoney } from '@voltline/shared/money';
import { formatShortDate } from '@voltline/shared/shop-constants';
import { DataTable } from '../../../components/data-table.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { describeRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useChangeCoupon } from '../api/coupons.ts';

const COLUMNS = ['Code', 'Discount', 'Uses', 'Conditions', 'Valid', 'Status', 'Actions'];

const discountOf = (coupon: Coupon) => (coupon.percentOff !== null ? `${coupon.percentOff}% off` : `${formatMoney(coupon.amountOff ?? 0)} off`);

function conditionsOf(coupon: Coupon): string {
  const conditions = [
    coupon.minSubtotal !== null ? `from ${formatMoney(coupon.minSubtotal)}` : undefined,
    coupon.maxUsesPerCustomer !== null ? `${coupon.maxUsesPerCustomer} per customer` : undefined,
  ].filter(Boolean);
  return conditions.length > 0 ? conditions.join(', ') : 'none';
}

function validityOf(coupon: Coupon): string {
  if (!coupon.validFrom && !coupon.validUntil) return 'always';
  return [coupon.validFrom ? `from ${formatShortDate(coupon.validFrom)}` : '', coupon.validUntil ? `until ${formatShortDate(coupon.validUntil)}` : '']
    .filter(Boolean)
    .join(' ');
}

/** The coupon codes with their limits; each can be switched off (and on again). */
export function CouponsTable({ coupons }: { coupons: Coupon[] }) {
  const change = useChangeCoupon();
  const toggle = (coupon: Coupon) =>
    change.mutate(
      { couponId: coupon._id, change: { disabled: !coupon.disabled } },
      {
        onSuccess: (changed) => toast.success(`Coupon ${changed.code} ${changed.disabled ? 'disabled' : 'enabled'}`),
        onError: (error) => toast.error(describeRequestError(error)),
      },
    );
  return (
    <DataTable caption="Coupons" columns={COLUMNS}>
      {coupons.map((coupon) => (
        <tr key={coupon._id} data-testid="coupon-row">
          <td className="font-mono">{coupon.code}</td>
          <td>{discountOf(coupon)}</td>
          <td>{coupon.maxUses === null ? coupon.uses : `${coupon.uses} of ${coupon.maxUses}`}</td>
          <td>{conditionsOf(coupon)}</td>
          <td>{validityOf(coupon)}</td>
          <td>{coupon.disabled ? <span className="badge badge-ghost">Disabled</span> : <span className="badge badge-success">On</span>}</td>
          <td>
            <PendingButton
              type="button"
              className={coupon.disabled ? 'btn btn-secondary btn-xs' : 'btn btn-error btn-xs'}
              aria-label={`${coupon.disabled ? 'Enable' : 'Disable'} ${coupon.code}`}
              pending={change.isPending && change.variables.couponId === coupon._id}
              spinnerSize="xs"
              onClick={() => toggle(coupon)}
            >
              {coupon.disabled ? 'Enable' : 'Disable'}
            </PendingButton>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

import { useState } from 'react';
import type { Carrier } from '@voltline/shared/shipments';
import { QueryState } from '../../../components/query-state.tsx';
import { useCarriers } from '../../../features/orders/api/shipments.ts';
import { CarrierForm } from '../../../features/orders/components/carrier-form.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/**
 * Admin: the carriers parcels go with (issue 38, decision 046), each with the tracking address the
 * buyer's link is made from and the secret its delivery notices are signed with (decision 048: the
 * withdrawal period counts from delivery). The Ship dialog offers these.
 */
export function CarriersPage() {
  const carriers = useCarriers();
  const [editing, setEditing] = useState<Carrier | null>(null);
  return (
    <DashboardPage title="Carriers" width="4xl">
      <p className="text-base-content/70">
        A carrier tells the shop its parcel arrived with <code className="wrap-anywhere">POST /api/carriers/&#123;name&#125;/notices</code>, signed with its
        notice secret: the buyer&apos;s withdrawal period runs from that day.
      </p>
      <QueryState query={carriers} loadingLabel="Loading the carriers" emptyText="No carriers yet: add the first one below.">
        {(rows) => (
          <ul className="flex flex-col gap-2" aria-label="Carriers">
            {rows.map((carrier) => (
              <li key={carrier._id} className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-200 p-2">
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{carrier.name}</span>
                  <span className="text-sm wrap-anywhere">{carrier.trackingUrlTemplate}</span>
                  <span className="text-sm text-base-content/70">{carrier.noticeSecretEnd ? `Notice secret set, ending in ${carrier.noticeSecretEnd}` : 'No notice secret: the carrier cannot send notices'}</span>
                </span>
                <button type="button" className="btn btn-outline btn-sm" aria-label={`Change ${carrier.name}`} onClick={() => setEditing(carrier)}>
                  Change
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {/* Keyed by the carrier: choosing another starts the form from its values. */}
      <CarrierForm key={editing?._id ?? 'new'} editing={editing} onSaved={() => setEditing(null)} />
      {editing && (
        <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => setEditing(null)}>
          Add another carrier instead
        </button>
      )}
    </DashboardPage>
  );
}

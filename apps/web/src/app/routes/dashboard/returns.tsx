import { useState } from 'react';
import { formatMoney } from '@voltline/shared/money';
import { RETURN_STATUSES } from '@voltline/shared/returns';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useAdminReturns, type ReturnFilter } from '../../../features/returns/api/returns.ts';
import { ReturnDetail } from '../../../features/returns/components/return-detail.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';
import { OptionList } from '../../../components/option-list.tsx';

const RETURN_LIST_ID = 'returns-list';

/** Admin: every return, newest first, by status; one opened with its order, lines, serials, history and next step (decision 048). */
export function ReturnsPage() {
  const [status, setStatus] = useState<ReturnFilter>('');
  const [openId, setOpenId] = useState<string | null>(null);
  const returns = useAdminReturns(status);
  return (
    <DashboardPage title="Returns" width="4xl">
      <div className="flex flex-col gap-1">
        <label htmlFor="returns-status" className="text-sm font-medium">
          Status
        </label>
        <select id="returns-status" className="select select-bordered w-48" value={status} onChange={(event) => setStatus(event.target.value as ReturnFilter)}>
          <option value="">All</option>
          <OptionList values={RETURN_STATUSES} />
        </select>
      </div>
      <QueryState query={returns.rows} loadingLabel="Loading the returns" emptyText="No returns">
        {(rows) => (
          <>
            <ul id={RETURN_LIST_ID} className="flex flex-col gap-2">
              {rows.map((ret) => (
                <li key={ret._id} className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-200 p-2">
                  <span className="wrap-break-word">
                    {`${ret.returnNumber}, order ${ret.orderNumber}: ${ret.lines.map((line) => `${line.quantity} x ${line.product}`).join(', ')} (${ret.reason}), ${ret.status}`}
                    {ret.refundedAmount !== null && `, ${formatMoney(ret.refundedAmount)} refunded`}
                  </span>
                  <button type="button" className="btn btn-outline btn-sm" aria-expanded={openId === ret._id} onClick={() => setOpenId(openId === ret._id ? null : ret._id)}>
                    {openId === ret._id ? `Close ${ret.returnNumber}` : `Open ${ret.returnNumber}`}
                  </button>
                </li>
              ))}
            </ul>
            <LoadMoreButton more={returns.more} controls={RETURN_LIST_ID} />
          </>
        )}
      </QueryState>
      {openId && <ReturnDetail returnId={openId} />}
    </DashboardPage>
  );
}

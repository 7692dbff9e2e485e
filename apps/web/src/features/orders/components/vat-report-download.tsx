import { useId, useState } from 'react';
import { SHOP_YEARS } from '@voltline/shared/shop-dates';
import { monthOf, vatReportQuerySchema } from '@voltline/shared/vat-report';
import { refusalOf } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useDownloadVatReport } from '../api/download-vat-report.ts';

/** The month before `now`'s: the one an accountant declares. */
function lastMonth(now: Date): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/** A month and the button that downloads its VAT report (issue 29): what the accountant asks for. */
export function VatReportDownload({ now = new Date() }: { now?: Date }) {
  const [month, setMonth] = useState(() => lastMonth(now));
  // The API's own rule, so a month it refuses is refused here in the same words, before asking.
  const [invalidMonth, setInvalidMonth] = useState<string | null>(null);
  const download = useDownloadVatReport();
  const inputId = useId();
  return (
    <form
      aria-label="VAT report"
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = vatReportQuerySchema.safeParse({ month });
        setInvalidMonth(checked.success ? null : (checked.error.issues[0]?.message ?? null));
        if (checked.success) download.mutate(checked.data.month);
      }}
    >
      <label className="flex flex-col gap-1 text-sm" htmlFor={inputId}>
        Month
        <input id={inputId} type="month" className="input input-sm" value={month} min={`${SHOP_YEARS.first}-01`} max={monthOf(now)} required onChange={(event) => setMonth(event.target.value)} />
      </label>
      <PendingButton type="submit" className="btn btn-sm btn-outline" pending={download.isPending} spinnerSize="xs">
        Download VAT report
      </PendingButton>
      <FormMessage message={invalidMonth ?? refusalOf(download)} />
    </form>
  );
}

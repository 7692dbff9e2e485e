import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { useDownloadMyData } from '../api/download-my-data.ts';

/** My Profile: a person takes a copy of their data with them (GDPR art. 15 and 20; issue 41). */
export function MyDataCard() {
  const download = useDownloadMyData();
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="my-data-heading">
      <div className="card-body gap-3">
        <h3 id="my-data-heading" className="text-lg font-semibold">
          Your data
        </h3>
        <p className="text-sm">Everything the shop keeps about you (your account, orders, invoices, returns, reviews, queries, cart and alerts) as one file.</p>
        <FormMessage message={refusalOf(download)} />
        <PendingButton type="button" className="btn btn-outline btn-sm self-start" pending={download.isPending} onClick={() => download.mutate()}>
          Download my data
        </PendingButton>
      </div>
    </section>
  );
}

import type { StoredQuery } from '@voltline/shared/query-form';
import { formatShortDateTime } from '@voltline/shared/shop-constants';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { useMarkQuery } from '../api/mark-query.ts';


/** One visitor's query: who asked, how to reach them, the question, and whether it is answered. */
export function QueryCard({ query }: { query: StoredQuery }) {
  const markQuery = useMarkQuery();
  const answered = query.answeredAt !== null;

  const toggle = () => markQuery.mutate({ queryId: query._id, answered: !answered });

  return (
    <li className="card bg-base-100 shadow">
      <div className="card-body gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="card-title text-lg">{query.name}</h3>
          <span className={answered ? 'badge badge-success' : 'badge badge-warning'}>{answered ? 'Answered' : 'Open'}</span>
        </div>
        <p className="text-sm">
          <a className="link" href={`mailto:${query.email}`}>
            {query.email}
          </a>{' '}
          · {query.phone} · {query.role}
        </p>
        <p className="text-sm opacity-70">Sent {formatShortDateTime(query.createdAt)}</p>
        {query.query ? <p className="whitespace-pre-line">{query.query}</p> : <p className="italic opacity-70">No question written</p>}
        {answered && (
          <p className="text-sm opacity-70">
            Answered by {query.answeredBy} on {formatShortDateTime(query.answeredAt!)}
          </p>
        )}
        <FormMessage message={refusalOf(markQuery)} />
        <PendingButton type="button" className="btn btn-sm btn-outline self-start" pending={markQuery.isPending} onClick={toggle}>
          {answered ? 'Mark open' : 'Mark answered'}
        </PendingButton>
      </div>
    </li>
  );
}

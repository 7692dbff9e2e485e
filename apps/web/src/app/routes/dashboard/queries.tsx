import { useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { FIRST_INBOX_FILTER, useQueries, type InboxFilter } from '../../../features/queries/api/get-queries.ts';
import { QueryCard } from '../../../features/queries/components/query-card.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

const FILTERS: { filter: InboxFilter; label: string }[] = [
  { filter: 'open', label: 'Open' },
  { filter: 'answered', label: 'Answered' },
  { filter: 'all', label: 'All' },
];
const QUERY_LIST_ID = 'queries-list';

/** Admin: the "Ask us anything" queries visitors sent, open ones first in view, each marked answered once dealt with. */
export function QueriesPage() {
  const [filter, setFilter] = useState<InboxFilter>(FIRST_INBOX_FILTER);
  const queries = useQueries(filter);

  return (
    <DashboardPage title="Queries">
      <div role="group" aria-label="Show queries" className="join">
        {FILTERS.map((choice) => (
          <button
            key={choice.filter}
            type="button"
            className={choice.filter === filter ? 'join-item btn btn-sm btn-primary' : 'join-item btn btn-sm'}
            aria-pressed={choice.filter === filter}
            onClick={() => setFilter(choice.filter)}
          >
            {choice.label}
          </button>
        ))}
      </div>
      <QueryState query={queries.rows} loadingLabel="Loading queries" emptyText={filter === 'open' ? 'No open query' : 'No query yet'}>
        {(rows) => (
          <>
            <ul id={QUERY_LIST_ID} className="flex max-w-3xl flex-col gap-4">
              {rows.map((query) => (
                <QueryCard key={query._id} query={query} />
              ))}
            </ul>
            <LoadMoreButton more={queries.more} controls={QUERY_LIST_ID} label="Show more" />
          </>
        )}
      </QueryState>
    </DashboardPage>
  );
}

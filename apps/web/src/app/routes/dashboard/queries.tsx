import { useState } from 'react';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { FIRST_INBOX_FILTER, useQueries, type InboxFilter } from '../../../features/queries/api/get-queries.ts';
import { QueryCard } from '../../../features/queries/components/query-card.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

const FILTERS: { value: InboxFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'all', label: 'All' },
];
const QUERY_LIST_ID = 'queries-list';

/** Admin: the "Ask us anything" queries visitors sent, open ones first in view, each marked answered once dealt with. */
export function QueriesPage() {
  const [filter, setFilter] = useState<InboxFilter>(FIRST_INBOX_FILTER);
  const queries = useQueries(filter);

  return (
    <DashboardPage title="Queries">
      <ChoiceButtons label="Show queries" choices={FILTERS} value={filter} onChoose={setFilter} />
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

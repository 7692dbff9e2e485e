import { describeRequestError } from '../lib/api-client.ts';
import type { MoreRows } from '../lib/paged-lists.ts';
import { FormMessage } from './form-message.tsx';
import { PendingButton } from './pending-button.tsx';

interface LoadMoreButtonProps {
  more: MoreRows;
  /** The id of the list the button adds to. */
  controls: string;
  label?: string;
}

/** Under a paged list: fetches its next page while there is one, and says so when that fails. */
export function LoadMoreButton({ more, controls, label = 'Load more' }: LoadMoreButtonProps) {
  if (!more.hasMore) return null;
  return (
    <div className="flex flex-col items-center gap-1">
      <PendingButton type="button" className="btn btn-outline" aria-controls={controls} pending={more.loading} onClick={more.loadMore}>
        {label}
      </PendingButton>
      <FormMessage message={more.error ? describeRequestError(more.error) : null} />
    </div>
  );
}

interface PageControlsProps {
  /** Names the controls, e.g. "Orders pages". */
  label: string;
  /** The number of the first row on screen (1 on the first page). */
  firstRow: number;
  rowCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** While the page asked for loads: the rows on screen are the old ones, so nothing is offered yet. */
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Under a table: which rows are on screen, and the way to the pages before and after. */
export function PageControls({ label, firstRow, rowCount, hasPrevious, hasNext, busy, onPrevious, onNext }: PageControlsProps) {
  // A list that fits on one page needs no paging.
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-base-content/70">{!busy && rowCount > 0 ? `Showing ${firstRow}-${firstRow + rowCount - 1}` : ''}</p>
      <div className="join">
        <button type="button" className="join-item btn btn-sm" disabled={busy || !hasPrevious} onClick={onPrevious}>
          Previous
        </button>
        <button type="button" className="join-item btn btn-sm" disabled={busy || !hasNext} onClick={onNext}>
          Next
        </button>
      </div>
    </nav>
  );
}

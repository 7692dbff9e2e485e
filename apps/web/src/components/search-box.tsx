import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { SEARCH_MAX_LENGTH } from '@voltline/shared/paging';

/** How long typing pauses before the list is asked again: one request per word, not per key. */
const SEARCH_DELAY_MS = 300;

interface SearchBoxProps {
  /** Names the box, e.g. "Search orders"; also its placeholder. */
  label: string;
  /** The search in force (from the page's address). */
  value: string;
  onSearch: (q: string) => void;
}

/** A search field that searches as the admin types (after a pause) and at once on Enter. */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  // A search set from elsewhere (Back, a shared link) replaces what is typed; the box's own search
  // coming back from the address leaves the text alone, trailing space and all.
  const [searchInForce, setSearchInForce] = useState(value);
  if (value !== searchInForce) {
    setSearchInForce(value);
    if (value !== text.trim()) setText(value);
  }

  const search = useEffectEvent((q: string) => onSearch(q));
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  const searchNow = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() !== value) onSearch(text.trim());
  };

  return (
    <form role="search" onSubmit={searchNow} className="w-full sm:w-80">
      <label className="input input-sm w-full">
        <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4 opacity-60" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
          <circle cx="11" cy="11" r="7" strokeWidth={2} />
          <path strokeLinecap="round" strokeWidth={2} d="m20 20-4-4" />
        </svg>
        <input
          type="search"
          aria-label={label}
          placeholder={label}
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
    </form>
  );
}

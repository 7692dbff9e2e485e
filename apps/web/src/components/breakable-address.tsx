import { Fragment } from 'react';

/**
 * An email or web address that wraps at its punctuation (after "@" and "/", before a dot) instead of
 * mid-word, so a narrow screen shows it whole on two lines; a single part wider than the line still
 * wraps rather than leave the screen.
 */
export function BreakableAddress({ value, className = '' }: { value: string; className?: string }) {
  const parts = value.split(/(?<=[@/])|(?=\.)/);
  return (
    <span className={`wrap-break-word ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

import { useId, type ReactNode } from 'react';

/**
 * The Filters box of a list of tools (the catalogue's, a category's): beside the tools from a
 * laptop's width, above them on a phone, where it stays open (a folded box would hide how many
 * tools each choice gives).
 */
export function FiltersPanel({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 p-4">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        Filters
      </h2>
      {children}
    </section>
  );
}

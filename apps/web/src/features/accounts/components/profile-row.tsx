import type { ReactNode } from 'react';

/** One filled-in line of the profile: the item's name and its value. */
export function ProfileRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="font-medium">{label}</dt>
      <dd className="break-words text-base-content/80">{children}</dd>
    </div>
  );
}

import type { ReactNode } from 'react';

/** One filled-in line of the profile: the item's name and its value, and what can be done to it (Edit). */
export function ProfileRow({ label, action, children }: { label: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="font-medium">{label}</dt>
      <dd className="flex min-w-0 items-start justify-between gap-2">
        <span className="min-w-0 break-words text-base-content/80">{children}</span>
        {action}
      </dd>
    </div>
  );
}

import type { ReactNode } from 'react';

// Whole class names, so Tailwind finds them in the source.
const WIDTHS = { full: '', xl: 'max-w-xl', '2xl': 'max-w-2xl', '3xl': 'max-w-3xl', '4xl': 'max-w-4xl' } as const;

interface DashboardPageProps {
  /** The page's name as the dashboard's menu gives it (the spec's screen names). */
  title: string;
  /** Forms read best narrow; tables take the whole width. */
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}

/** A dashboard page: its heading, then its parts one under the other. */
export function DashboardPage({ title, width = 'full', children }: DashboardPageProps) {
  return (
    <section className={`flex ${WIDTHS[width]} flex-col gap-4`}>
      <h2 className="text-2xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

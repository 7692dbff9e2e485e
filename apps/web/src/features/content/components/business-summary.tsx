import { COUNT_UP_DURATION_MS } from '@voltline/shared/shop-constants';
import { useCountUpProgress } from '../hooks/use-count-up-progress.ts';
import { useSeenOnce } from '../hooks/use-seen-once.ts';
import { LineIcon } from './line-icon.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';

const stats = [
  {
    title: 'Customers served',
    value: 50,
    unit: 'K',
    caption: '5% more than last year',
    icon: ['M15.75 6a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0ZM4.5 20.12a7.5 7.5 0 0 1 15 0A17.93 17.93 0 0 1 12 21.75c-2.68 0-5.22-.58-7.5-1.63Z'],
  },
  {
    title: 'Annual revenue',
    value: 120,
    unit: 'M',
    caption: '30% more than last year',
    icon: ['M2.25 18 9 11.25l4.306 4.306a11.95 11.95 0 0 1 5.814-5.518l2.74-1.22m0 0-5.94-2.281m5.94 2.28-2.28 5.941'],
  },
  {
    title: 'Reviews',
    value: 60,
    unit: 'K',
    caption: '50% more than last month',
    icon: ['M11.48 3.5a.56.56 0 0 1 1.04 0l2.13 5.11 5.52.44a.56.56 0 0 1 .32.99l-4.2 3.6 1.28 5.39a.56.56 0 0 1-.84.61L12 16.8l-4.73 2.84a.56.56 0 0 1-.84-.61l1.28-5.39-4.2-3.6a.56.56 0 0 1 .32-.99l5.52-.44 2.13-5.11Z'],
  },
  {
    title: 'Tools',
    value: 33,
    unit: 'K',
    caption: '5% more than last month',
    icon: ['M11.42 15.17 17.25 21A2.65 2.65 0 0 0 21 17.25l-5.88-5.88M11.42 15.17l2.5-3.03c.31-.38.73-.62 1.2-.76M11.42 15.17l-4.66 5.66a2.1 2.1 0 1 1-2.96-2.96l5.66-4.66m4.66-1.82c.55-.16 1.16-.19 1.73-.14a4.5 4.5 0 0 0 4.1-6.24l-3.28 3.28a3 3 0 0 1-2.25-2.25l3.28-3.28a4.5 4.5 0 0 0-6.24 4.1c.05.57.02 1.18-.14 1.73'],
  },
] as const;

export function BusinessSummary() {
  const [sectionRef, seen] = useSeenOnce<HTMLElement>();
  const progress = useCountUpProgress(seen, COUNT_UP_DURATION_MS);

  return (
    <section ref={sectionRef} aria-labelledby="summary-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeading
          id="summary-heading"
          title="Thousands of businesses trust us"
          subtitle="Workshops, electricians and builders around the world rely on Voltline tools every day."
        />
        <div className="stats stats-vertical w-full bg-base-100 shadow lg:stats-horizontal">
          {stats.map((stat) => (
            <div key={stat.title} className="stat">
              <div className="stat-figure text-primary">
                <LineIcon paths={stat.icon} className="h-8 w-8" />
              </div>
              <div className="stat-title text-base-content/80">{stat.title}</div>
              <div className="stat-value tabular-nums">{`${Math.round(stat.value * progress)}${stat.unit}+`}</div>
              <div className="stat-desc text-base-content/80">{stat.caption}</div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';

// The form sits at the bottom of the page; loading its form library later keeps the first paint light.
const AskUsForm = lazy(async () => ({ default: (await import('./ask-us-form.tsx')).AskUsForm }));

export function AskUsSection() {
  return (
    <section aria-labelledby="ask-us-heading" className="mx-auto max-w-7xl px-4 py-16">
      <div className="grid grid-cols-1 items-center gap-10 lg:grid-cols-2">
        <img
          src="/images/query.svg"
          alt="A customer asking Voltline a question"
          width={600}
          height={450}
          loading="lazy"
          className="mx-auto h-auto w-full max-w-xl"
        />
        <div>
          <h2 id="ask-us-heading" className="mb-6 text-3xl font-bold sm:text-4xl">
            Ask us anything about our website
          </h2>
          <Suspense fallback={<LoadingSpinner label="Loading form" />}>
            <AskUsForm labelledBy="ask-us-heading" />
          </Suspense>
        </div>
      </div>
    </section>
  );
}

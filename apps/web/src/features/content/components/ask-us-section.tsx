import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSeenOnce } from '../hooks/use-seen-once.ts';

// The form sits at the bottom of the page. Its code (react-hook-form, zod and the form schema) loads
// only when the visitor scrolls near it, so opening the storefront does not fetch it at all.
const AskUsForm = lazy(async () => ({ default: (await import('./ask-us-form.tsx')).AskUsForm }));

export function AskUsSection() {
  const [sectionRef, nearView] = useSeenOnce<HTMLElement>({ threshold: 0, rootMargin: '600px 0px' });
  const formLoading = <LoadingSpinner label="Loading form" />;

  return (
    <section ref={sectionRef} aria-labelledby="ask-us-heading" className="mx-auto max-w-7xl px-4 py-16">
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
          {/* The form's height is reserved while its code loads, so the footer does not jump when it appears. */}
          <div className="min-h-[31.5rem]">
            {nearView ? (
              <Suspense fallback={formLoading}>
                <AskUsForm labelledBy="ask-us-heading" />
              </Suspense>
            ) : (
              formLoading
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

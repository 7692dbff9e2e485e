import { SectionHeading } from '../../../components/section-heading.tsx';
import { useCurrentDeliveryPromotion } from '../api/get-delivery-promotion.ts';
import { deliveryPromotionReason } from '../delivery-promotion-slide.ts';
import { LineIcon } from './line-icon.tsx';

const deliveryIcon = [
  'M3 6h11v10H3z',
  'M14 9h4l3 3.5V16h-7',
  'M5.5 17.5a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0',
  'M15.5 17.5a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0',
];

const reasons = [
  {
    title: 'Over 5 years of experience',
    text: 'We have designed, built and serviced electrical tools for more than five years.',
    icon: ['M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z'],
  },
  {
    title: '5% cost saving',
    text: 'Buying straight from the maker cuts out the middlemen and saves you 5%.',
    icon: [
      'M12 6v12m-3-2.818.879.659c1.171.879 3.07.879 4.242 0 1.172-.879 1.172-2.303 0-3.182C13.536 12.219 12.768 12 12 12c-.725 0-1.45-.22-2.003-.659-1.106-.879-1.106-2.303 0-3.182s2.9-.879 4.006 0l.415.33M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
    ],
  },
  {
    title: 'Tested in our own lab',
    text: 'Each batch is load, insulation and safety tested before it leaves the factory.',
    icon: [
      'M9 12.75 11.25 15 15 9.75m-3-7.036A11.959 11.959 0 0 1 3.598 6 11.99 11.99 0 0 0 3 9.749c0 5.592 3.824 10.29 9 11.623 5.176-1.332 9-6.03 9-11.622 0-1.31-.21-2.571-.598-3.751h-.152c-3.196 0-6.1-1.248-8.25-3.285Z',
    ],
  },
  {
    title: 'Stock ready to ship',
    text: 'Our warehouse keeps every tool in stock, so orders leave within days.',
    icon: ['m21 7.5-9-5.25L3 7.5m18 0-9 5.25m9-5.25v9l-9 5.25M3 7.5l9 5.25M3 7.5v9l9 5.25m0-9v9'],
  },
] as const;

// Whole class names, so Tailwind finds them in the source: one column per reason on a wide screen.
const WIDE_COLUMNS = { 4: 'lg:grid-cols-4', 5: 'lg:grid-cols-5' } as const;

export function ReasonsSection() {
  // The home page's render waits for the promotion (routes.tsx), as the banner's does.
  const promotion = deliveryPromotionReason(useCurrentDeliveryPromotion().data);
  const shown = promotion ? [reasons[0], reasons[1], { ...promotion, icon: deliveryIcon }, reasons[2], reasons[3]] : reasons;
  return (
    <section aria-labelledby="reasons-heading" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading
        id="reasons-heading"
        title="Why choose Voltline"
        subtitle="We build the tools we sell, so we can stand behind every one of them."
      />
      <ul className={`grid grid-cols-1 gap-6 sm:grid-cols-2 ${WIDE_COLUMNS[shown.length as 4 | 5]}`}>
        {shown.map((reason) => (
          // An odd last card spans the two columns of a middle-sized screen.
          <li key={reason.title} className={`card border border-base-300 bg-base-100 shadow-sm ${shown.length % 2 === 1 ? 'last:sm:col-span-2 last:lg:col-span-1' : ''}`}>
            <div className="card-body items-center text-center">
              <span className="rounded-full bg-primary/20 p-3 text-secondary">
                <LineIcon paths={reason.icon} className="h-8 w-8" />
              </span>
              <h3 className="card-title text-lg">{reason.title}</h3>
              <p className="text-sm text-base-content/70">{reason.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

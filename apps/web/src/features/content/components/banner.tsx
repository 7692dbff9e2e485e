import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BANNER_DELAY_MS } from '@voltline/shared/shop-constants';
import { useCurrentDeliveryPromotion } from '../api/get-delivery-promotion.ts';
import { deliveryPromotionSlide, type BannerSlide } from '../delivery-promotion-slide.ts';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion.ts';
import { LineIcon } from './line-icon.tsx';

const fixedSlides: BannerSlide[] = [
  {
    heading: 'Built, sold and stocked by Voltline',
    text: 'We manufacture electrical tools, sell them to trade and home customers, and keep them stocked for you.',
    img: '/images/banner/workshop.svg',
    alt: 'Voltline workshop where electrical tools are built',
  },
  {
    heading: 'We ship worldwide',
    text: 'Wherever your job site is, your order leaves our warehouse and reaches you across the globe.',
    img: '/images/banner/shipping.svg',
    alt: 'Parcels of tools being shipped around the world',
  },
];

const previousIcon = ['M15.75 19.5 8.25 12l7.5-7.5'];
const nextIcon = ['m8.25 4.5 7.5 7.5-7.5 7.5'];
const pauseIcon = ['M15.75 5.25v13.5m-7.5-13.5v13.5'];
const playIcon = ['M5.25 5.65c0-.86.92-1.4 1.67-.98l11.54 6.35a1.13 1.13 0 0 1 0 1.97L6.92 19.34c-.75.42-1.67-.13-1.67-.98V5.65Z'];

/** What the visitor chose with the Pause/Play button; until they choose, their motion setting decides. */
type Rotation = 'as-set' | 'paused' | 'playing';

export function Banner() {
  // The home page's render waits for the promotion (routes.tsx), so the server sends the slides the visitor sees.
  const promotion = useCurrentDeliveryPromotion().data;
  const slides = useMemo(() => {
    const promotionSlide = deliveryPromotionSlide(promotion);
    return promotionSlide ? [...fixedSlides, promotionSlide] : fixedSlides;
  }, [promotion]);
  const [chosen, setCurrent] = useState(0);
  // The promotion slide may go while it is shown (an admin ended it): the banner stays on a slide it has.
  const current = chosen % slides.length;
  const goTo = (index: number) => setCurrent((index + slides.length) % slides.length);
  // WCAG 2.2.2: moving content that starts by itself can be paused. A visitor who asked for less
  // motion sees no rotation unless they press Play.
  const reducedMotion = usePrefersReducedMotion();
  const [rotation, setRotation] = useState<Rotation>('as-set');
  const rotating = rotation === 'playing' || (rotation === 'as-set' && !reducedMotion);

  // Keyed on the current slide so a manual move restarts the full delay instead of jumping again at once.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setCurrent((index) => (index + 1) % slides.length), BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, rotating, slides.length]);

  return (
    <section aria-roledescription="carousel" aria-label="Voltline highlights" className="mx-auto max-w-7xl px-4 pt-6">
      {/* The aspect ratio reserves the banner's height before the artwork loads, so nothing below jumps. */}
      <div className="relative aspect-[4/5] overflow-hidden rounded-box bg-neutral sm:aspect-[2/1] lg:aspect-[12/5]">
        <div
          // A screen reader hears a slide that changes at the visitor's hand, not every 3 s by itself.
          aria-live={rotating ? 'off' : 'polite'}
          className="flex h-full transition-transform duration-700 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${current * 100}%)` }}
        >
          {slides.map((slide, index) => (
            <div
              key={slide.heading}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={index !== current}
              inert={index !== current}
              className="relative h-full w-full shrink-0"
            >
              <img
                src={slide.img}
                alt={slide.alt}
                width={1200}
                height={500}
                // The first slide is the page's largest element; the others are not seen for seconds.
                fetchPriority={index === 0 ? 'high' : 'low'}
                className="absolute inset-0 h-full w-full object-cover"
              />
              <div className="absolute inset-0 bg-linear-to-t from-neutral/90 via-neutral/60 to-neutral/10 sm:bg-linear-to-r sm:from-neutral/90 sm:via-neutral/55 sm:to-transparent" />
              <div className="relative flex h-full max-w-xl flex-col justify-end gap-4 p-6 pb-20 text-neutral-content sm:justify-center sm:p-12 sm:pb-16">
                <h2 className="text-3xl font-bold sm:text-4xl lg:text-5xl">{slide.heading}</h2>
                <p className="text-base sm:text-lg">{slide.text}</p>
                <div>
                  {/* The spec gives it no destination; a visitor who gets started wants the tools (issue 43). */}
                  <Link to="/tools" className="btn btn-primary">
                    Get Started
                  </Link>
                </div>
              </div>
            </div>
          ))}
        </div>

        <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
          <button type="button" className="btn btn-circle btn-sm" aria-label="Previous slide" onClick={() => goTo(current - 1)}>
            <LineIcon paths={previousIcon} className="h-4 w-4" />
          </button>
          {slides.map((slide, index) => (
            <button
              key={slide.heading}
              type="button"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === current}
              onClick={() => goTo(index)}
              className="group flex h-6 w-6 items-center justify-center"
            >
              <span
                className={`h-3 w-3 rounded-full transition-colors ${index === current ? 'bg-primary' : 'bg-neutral-content/50 group-hover:bg-neutral-content/80'}`}
              />
            </button>
          ))}
          <button type="button" className="btn btn-circle btn-sm" aria-label="Next slide" onClick={() => goTo(current + 1)}>
            <LineIcon paths={nextIcon} className="h-4 w-4" />
          </button>
          <button
            type="button"
            className="btn btn-circle btn-sm"
            aria-label={rotating ? 'Pause slides' : 'Play slides'}
            onClick={() => setRotation(rotating ? 'paused' : 'playing')}
          >
            <LineIcon paths={rotating ? pauseIcon : playIcon} className="h-4 w-4" />
          </button>
        </div>
      </div>
    </section>
  );
}

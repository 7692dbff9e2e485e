import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListPicture } from '@voltline/shared/tool-pictures';
import { SizedPicture } from './sized-picture.tsx';

interface PictureCardProps {
  /** The card's heading, which also names it. */
  title: string;
  picture: string;
  /** The picture's drawings in sizes (a tool's gallery picture); absent: `picture` as it is. */
  pictureSizes?: ListPicture;
  /** How wide the card's picture is drawn (the grid's column), for the srcset's choice. */
  pictureDrawnWidth?: string;
  pictureAlt: string;
  testId: string;
  /** Where the heading leads: the page about what the card shows (a tool's own page). */
  href?: string;
  /** The page's first picture, likely its largest paint: fetched at once and first, not when scrolled to. */
  leadsThePage?: boolean;
  /** Two of it side by side on a phone (the catalogue's grid): less padding and a smaller heading there. */
  dense?: boolean;
  children: ReactNode;
}

/**
 * A card led by a 4:3 picture (a tool of the catalogue, an order's tool), named by its heading; with
 * `href`, the heading and the picture open it (the card is positioned: daisyUI's card is relative).
 */
export function PictureCard({ title, picture, pictureSizes, pictureDrawnWidth = '100vw', pictureAlt, testId, href, leadsThePage = false, dense = false, children }: PictureCardProps) {
  const headingId = useId();
  return (
    <article data-testid={testId} aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200">
        <SizedPicture
          src={picture}
          sizes={pictureSizes}
          drawnWidth={pictureDrawnWidth}
          alt={pictureAlt}
          width={400}
          height={300}
          loading={leadsThePage ? 'eager' : 'lazy'}
          fetchPriority={leadsThePage ? 'high' : undefined}
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </figure>
      <div className={`card-body gap-2 ${dense ? 'max-sm:p-3 max-sm:text-sm' : ''}`}>
        <h3 id={headingId} className={`card-title break-words ${dense ? 'max-sm:text-base' : ''}`}>
          {href ? (
            // The heading's link also covers the picture (a box drawn over it, issue 43): the picture
            // opens the page as the name does, and the card keeps one link for screen readers.
            <Link to={href} className="link-hover before:absolute before:inset-x-0 before:top-0 before:aspect-[4/3] before:rounded-t-box before:content-['']" data-testid="picture-card-link">
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        {children}
      </div>
    </article>
  );
}

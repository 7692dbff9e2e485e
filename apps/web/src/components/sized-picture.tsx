import type { ImgHTMLAttributes } from 'react';
import type { ListPicture } from '@voltline/shared/tool-pictures';

type SizedPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  /** The picture's address as the spec has it (a tool's img): what is drawn without sizes. */
  src: string;
  /** Its drawings in sizes, when the shop made them (a gallery picture); absent: `src` as it is. */
  sizes?: ListPicture;
  /** How wide the picture is drawn, for the browser to choose a drawing before the layout (`sizes`). */
  drawnWidth: string;
};

/**
 * A tool's picture at the size it is drawn (issue 40, item 4): with the gallery's drawings, the
 * browser picks the card's or the page's width from the srcset, in WebP where it draws it and in the
 * picture's own format elsewhere; `src` stays the spec's img. Without them, the plain img.
 */
export function SizedPicture({ src, sizes, drawnWidth, alt, ...image }: SizedPictureProps) {
  if (!sizes) return <img src={src} alt={alt} {...image} />;
  return (
    // display: contents, so the img inside is laid out as if it stood alone in its frame.
    <picture className="contents">
      <source type="image/webp" srcSet={sizes.webp} sizes={drawnWidth} />
      <img src={src} srcSet={sizes.original} sizes={drawnWidth} alt={alt} {...image} />
    </picture>
  );
}

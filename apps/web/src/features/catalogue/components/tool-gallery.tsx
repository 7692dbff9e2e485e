import { useRef, useState } from 'react';
import type { ToolPicture } from '@voltline/shared/tool-pictures';
import { useToolPictures } from '../api/get-tool-pictures.ts';

/** A picture in WebP where the browser draws it, else in its own format, the size chosen from the srcset for `sizes`. */
function GalleryPicture({ picture, sizes, className }: { picture: ToolPicture; sizes: string; className: string }) {
  return (
    <picture>
      <source type="image/webp" srcSet={picture.srcset.webp} sizes={sizes} />
      <img src={picture.card.original} srcSet={picture.srcset.original} sizes={sizes} alt={picture.alt} loading="lazy" decoding="async" className={className} />
    </picture>
  );
}

/**
 * The tool's gallery under its picture (issue 40, item 4; decision 054): thumbnails that open the
 * picture zoomed in a dialog. Asked for after the page is drawn and drawn lazily, so the tool's own
 * picture (the first of the gallery, the page's largest element) stays the one the page waits for.
 */
export function ToolGallery({ toolId }: { toolId: string }) {
  const pictures = useToolPictures(toolId);
  const dialog = useRef<HTMLDialogElement>(null);
  const [zoomed, setZoomed] = useState<ToolPicture | null>(null);
  if (!pictures.data || pictures.data.length === 0) return null;
  return (
    <section aria-label="Pictures" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {pictures.data.map((picture) => (
          <li key={picture._id}>
            <button
              type="button"
              className="btn h-auto p-0"
              aria-label={`Zoom: ${picture.alt}`}
              onClick={() => {
                setZoomed(picture);
                dialog.current?.showModal();
              }}
            >
              <GalleryPicture picture={picture} sizes="96px" className="h-24 w-24 rounded object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <dialog ref={dialog} className="modal" aria-label={zoomed ? zoomed.alt : 'Picture'} onClose={() => setZoomed(null)}>
        <div className="modal-box max-w-5xl">
          {zoomed && <GalleryPicture picture={zoomed} sizes="(min-width: 1024px) 1000px, 100vw" className="h-auto w-full" />}
          <form method="dialog" className="modal-action">
            <button type="submit" className="btn">
              Close
            </button>
          </form>
        </div>
      </dialog>
    </section>
  );
}

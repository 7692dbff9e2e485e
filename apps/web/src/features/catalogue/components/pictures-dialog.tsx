import { useState } from 'react';
import type { Tool } from '@voltline/shared/tool';
import { TOOL_PICTURES_MAX, type ToolPicture } from '@voltline/shared/tool-pictures';
import { FormMessage } from '../../../components/form-message.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { useToolPictures } from '../api/get-tool-pictures.ts';
import { useAddToolPicture, useRemoveToolPicture, useReorderToolPictures, useSetPictureAlt } from '../api/save-tool-pictures.ts';

/** The gallery's order with one picture moved a place up (-1) or down (+1). */
function movedOrder(pictures: ToolPicture[], index: number, by: -1 | 1): string[] {
  const ids = pictures.map((picture) => picture._id);
  [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
  return ids;
}

function AltTextForm({ toolId, picture, number }: { toolId: string; picture: ToolPicture; number: number }) {
  const [alt, setAlt] = useState(picture.alt);
  const save = useSetPictureAlt(toolId);
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1">
        <span>{`Alternative text of picture ${number}`}</span>
        <input className="input input-bordered input-sm" value={alt} onChange={(event) => setAlt(event.target.value)} />
      </label>
      <PendingButton type="button" className="btn btn-xs self-start" pending={save.isPending} onClick={() => save.mutate({ pictureId: picture._id, alt })}>
        Save words
      </PendingButton>
      <FormMessage message={refusalOf(save)} />
    </div>
  );
}

/**
 * Manage Tools › Pictures (decision 054): the tool's gallery in order, each picture's words, moved
 * up or down or removed, and a new one added. The dialog's box is a form already, so the parts here
 * are groups with buttons rather than forms of their own (a nested form's submit left the page).
 */
export function PicturesDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const pictures = useToolPictures(tool._id);
  const add = useAddToolPicture(tool._id);
  const reorder = useReorderToolPictures(tool._id);
  const remove = useRemoveToolPicture(tool._id);
  const [image, setImage] = useState<File | null>(null);
  const [alt, setAlt] = useState('');

  return (
    <ModalDialog title={`Pictures of ${tool.toolName}`} description={`Up to ${TOOL_PICTURES_MAX}; the first is the tool’s picture everywhere.`} onClose={onClose} closeLabel="Close" wide>
      <QueryState query={pictures} loadingLabel="Loading the pictures">
        {(gallery) => (
          <div className="flex flex-col gap-4">
            <ol aria-label="Pictures" className="flex flex-col gap-3">
              {gallery.map((picture, index) => (
                <li key={picture._id} className="flex flex-wrap items-start gap-3">
                  <img src={picture.card.webp} alt={picture.alt} width={96} height={96} className="h-24 w-24 rounded object-cover" />
                  <AltTextForm toolId={tool._id} picture={picture} number={index + 1} />
                  <div className="flex flex-wrap gap-1">
                    <button type="button" className="btn btn-xs" disabled={index === 0 || reorder.isPending} onClick={() => reorder.mutate(movedOrder(gallery, index, -1))}>
                      {`Move picture ${index + 1} up`}
                    </button>
                    <button type="button" className="btn btn-xs" disabled={index === gallery.length - 1 || reorder.isPending} onClick={() => reorder.mutate(movedOrder(gallery, index, 1))}>
                      {`Move picture ${index + 1} down`}
                    </button>
                    <button type="button" className="btn btn-error btn-xs" disabled={remove.isPending} onClick={() => remove.mutate(picture._id)}>
                      {`Remove picture ${index + 1}`}
                    </button>
                  </div>
                </li>
              ))}
            </ol>
            <FormMessage message={refusalOf([reorder, remove])} />
            <div role="group" aria-label="Add a picture" className="flex flex-col gap-2">
              <label className="flex flex-col gap-1">
                <span>Picture</span>
                <input type="file" accept="image/*" className="file-input file-input-bordered file-input-sm" onChange={(event) => setImage(event.target.files?.[0] ?? null)} />
              </label>
              <label className="flex flex-col gap-1">
                <span>Alternative text</span>
                <input className="input input-bordered input-sm" value={alt} onChange={(event) => setAlt(event.target.value)} />
              </label>
              <PendingButton
                type="button"
                className="btn btn-primary btn-sm self-start"
                pending={add.isPending}
                disabled={!image}
                onClick={() => image && add.mutate({ image, alt }, { onSuccess: () => setAlt('') })}
              >
                Add picture
              </PendingButton>
              <FormMessage message={refusalOf(add)} />
            </div>
          </div>
        )}
      </QueryState>
    </ModalDialog>
  );
}

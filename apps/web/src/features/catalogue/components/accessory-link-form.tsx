import { useId, useState, type FormEvent } from 'react';
import { ACCESSORY_KINDS, accessoryKindNames, accessoryLinkSchema } from '@voltline/shared/families';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useLinkAccessory } from '../api/save-family.ts';
import { ToolPicker, useToolChoice } from './tool-picker.tsx';

/** Admin: an accessory (a tool of its own) linked to a tool it fits, with its kind (issue 40, item 7); both tool pages then show it. */
export function AccessoryLinkForm() {
  const id = useId();
  const link = useLinkAccessory();
  const tool = useToolChoice();
  const accessory = useToolChoice();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = accessoryLinkSchema.safeParse({ kind: new FormData(event.currentTarget).get('kind') });
    const [fitted, fitting] = [tool.tool, accessory.tool];
    setProblem(fitted && fitting ? null : 'Choose the tool and its accessory from the suggestions');
    if (!fitted || !fitting || !parsed.success) return;
    link.mutate({ toolId: fitted._id, accessoryId: fitting._id, kind: parsed.data.kind }, { onSuccess: () => toast.success(`${fitting.toolName} fits ${fitted.toolName}`) });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h3 id={`${id}-heading`} className="card-title">
          Link an accessory
        </h3>
        <div className="grid gap-3 sm:grid-cols-3">
          <ToolPicker label="Tool" choice={tool} />
          <ToolPicker label="Accessory or spare part" choice={accessory} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Kind
            <select name="kind" className="select" defaultValue="battery">
              {ACCESSORY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {accessoryKindNames[kind]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <FormMessage message={problem ?? refusalOf(link)} />
        <PendingButton type="submit" pending={link.isPending} className="btn btn-primary self-start">
          Link accessory
        </PendingButton>
      </div>
    </form>
  );
}

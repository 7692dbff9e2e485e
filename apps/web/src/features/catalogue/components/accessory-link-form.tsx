import { useId, useState, type FormEvent } from 'react';
import { ACCESSORY_KINDS, accessoryKindNames, accessoryLinkSchema } from '@voltline/shared/families';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useLinkAccessory, useUnlinkAccessory } from '../api/save-family.ts';
import { ToolPicker, useToolChoice } from './tool-picker.tsx';
import { OptionList } from '../../../components/option-list.tsx';

/**
 * Admin: an accessory (a tool of its own) linked to a tool it fits, with its kind, or that link
 * taken away (issue 40, item 7); both tool pages then show it, or no longer do.
 */
export function AccessoryLinkForm() {
  const id = useId();
  const link = useLinkAccessory();
  const unlink = useUnlinkAccessory();
  const tool = useToolChoice();
  const accessory = useToolChoice();
  const [problem, setProblem] = useState<string | null>(null);

  /** The two tools chosen from the suggestions, or null with the form saying so. */
  const chosenPair = () => {
    const [fitted, fitting] = [tool.tool, accessory.tool];
    setProblem(fitted && fitting ? null : 'Choose the tool and its accessory from the suggestions');
    return fitted && fitting ? { fitted, fitting } : null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = accessoryLinkSchema.safeParse({ kind: new FormData(event.currentTarget).get('kind') });
    const pair = chosenPair();
    if (!pair || !parsed.success) return;
    const { fitted, fitting } = pair;
    unlink.reset();
    link.mutate({ toolId: fitted._id, accessoryId: fitting._id, kind: parsed.data.kind }, { onSuccess: () => toast.success(`${fitting.toolName} fits ${fitted.toolName}`) });
  };

  const takeAway = () => {
    const pair = chosenPair();
    if (!pair) return;
    const { fitted, fitting } = pair;
    link.reset();
    unlink.mutate({ toolId: fitted._id, accessoryId: fitting._id }, { onSuccess: () => toast.success(`${fitting.toolName} no longer shows as fitting ${fitted.toolName}`) });
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
              <OptionList values={ACCESSORY_KINDS} label={(kind) => accessoryKindNames[kind]} />
            </select>
          </label>
        </div>
        <FormMessage message={problem ?? refusalOf([link, unlink])} />
        <div className="flex flex-wrap gap-2">
          <PendingButton type="submit" pending={link.isPending} className="btn btn-primary">
            Link accessory
          </PendingButton>
          <PendingButton type="button" pending={unlink.isPending} className="btn btn-outline" onClick={takeAway}>
            Unlink
          </PendingButton>
        </div>
      </div>
    </form>
  );
}

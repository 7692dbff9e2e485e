import { useId, useState, type FormEvent } from 'react';
import { familyMemberInputSchema, type ToolFamily } from '@voltline/shared/families';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { TableWithActions } from '../../../components/table-with-actions.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useDeleteFamily, usePlaceTool, useRemoveFromFamily } from '../api/save-family.ts';
import { firstProblem } from './new-category-form.tsx';
import { ToolPicker, useToolChoice } from './tool-picker.tsx';

/** Admin: one family, its tools with their values, a form to place a tool in it (refusals in the server's words), and its deletion. */
export function FamilyAdminCard({ family }: { family: ToolFamily }) {
  const id = useId();
  const place = usePlaceTool();
  const remove = useRemoveFromFamily();
  const deleteFamily = useDeleteFamily();
  const choice = useToolChoice();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form).getAll('value').map(String);
    const parsed = familyMemberInputSchema.safeParse({ values });
    const chosen = choice.tool;
    setProblem(chosen ? firstProblem(parsed) : 'Choose a tool from the suggestions');
    if (!chosen || !parsed.success) return;
    place.mutate(
      { familyId: family._id, toolId: chosen._id, values: parsed.data.values },
      {
        onSuccess: () => {
          form.reset();
          choice.setText('');
          toast.success(`${chosen.toolName} placed in ${family.name}`);
        },
      },
    );
  };

  return (
    <li className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h3 id={`${id}-name`} className="card-title break-words">
          {`${family.name} (${family.options.join(', ')})`}
        </h3>
        {family.members.length === 0 ? (
          <p>No tools in it yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <TableWithActions className="table" aria-labelledby={`${id}-name`} columns={['Tool', ...family.options]} actionColumn="Take out">
              {family.members.map((member) => (
                <tr key={member.toolId}>
                  <th scope="row" className="font-medium break-words">
                    {member.toolName}
                  </th>
                  {member.values.map((value, index) => (
                    <td key={index}>{value}</td>
                  ))}
                  <td>
                    <button type="button" className="btn btn-ghost btn-sm" disabled={remove.isPending} onClick={() => remove.mutate({ familyId: family._id, toolId: member.toolId })}>
                      {`Take out ${member.toolName}`}
                    </button>
                  </td>
                </tr>
              ))}
            </TableWithActions>
          </div>
        )}
        <form onSubmit={submit} noValidate aria-label={`Place a tool in ${family.name}`} className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <ToolPicker label="Tool" choice={choice} />
            {family.options.map((option) => (
              <label key={option} className="flex flex-col gap-1 text-sm font-medium">
                {option}
                <input name="value" className="input" />
              </label>
            ))}
          </div>
          <FormMessage message={problem ?? refusalOf(place) ?? refusalOf(remove) ?? refusalOf(deleteFamily)} />
          <div className="flex flex-wrap gap-2">
            <PendingButton type="submit" pending={place.isPending} className="btn btn-primary">
              Place tool
            </PendingButton>
            <PendingButton type="button" pending={deleteFamily.isPending} className="btn btn-outline btn-error" onClick={() => deleteFamily.mutate(family._id)}>
              Delete family
            </PendingButton>
          </div>
        </form>
      </div>
    </li>
  );
}

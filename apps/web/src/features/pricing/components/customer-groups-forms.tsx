import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { amountFromText } from '@voltline/shared/amount-input';
import {
  customerGroupInputSchema,
  groupMemberInputSchema,
  groupToolPriceInputSchema,
  type CustomerGroup,
  type CustomerGroupInput,
  type GroupMemberInput,
} from '@voltline/shared/customer-groups';
import { formatMoney } from '@voltline/shared/money';
import { CardForm } from '../../../components/card-form.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TableWithActions } from '../../../components/table-with-actions.tsx';
import { describeRequestError, refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useChangeCustomerGroup, useCreateCustomerGroup, useGroupMembers, useGroupPrices, usePlaceGroupMember, useRemoveGroupPrice, useSetGroupPrice } from '../api/customer-groups.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

const GROUP_COLUMNS = ['Group', 'Code', 'Tools priced its own way', 'Customers put in it', 'Prices shown without VAT'] as const;

/** The groups with what each holds; whether its customers see prices without VAT is switched here. */
export function CustomerGroupsTable({ groups }: { groups: CustomerGroup[] }) {
  const change = useChangeCustomerGroup();
  return (
    <DataTable caption="Customer groups" columns={GROUP_COLUMNS}>
      {groups.map((group) => (
        <tr key={group.key}>
          <th scope="row">{group.name}</th>
          <td>{group.key}</td>
          <td>{group.toolPrices}</td>
          <td>{group.key === 'trade' ? `${group.members} and every approved business account` : group.members}</td>
          <td>
            <input
              type="checkbox"
              className="toggle"
              aria-label={`${group.name}: prices shown without VAT`}
              checked={group.displayPricesWithoutVat}
              disabled={change.isPending}
              onChange={(event) =>
                change.mutate({ group: group.key, change: { displayPricesWithoutVat: event.target.checked } }, { onError: (error) => toast.error(describeRequestError(error)) })
              }
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** A group of the admin's own: its code, name and how its prices are shown. */
export function NewCustomerGroupForm() {
  const create = useCreateCustomerGroup();
  const { register, handleSubmit, reset, errors } = useZodForm(customerGroupInputSchema, { key: '', name: '', displayPricesWithoutVat: false });
  const submit = (input: CustomerGroupInput) => create.mutate(input, { onSuccess: (made) => (toast.success(`${made.name} added`), reset()) });
  return (
    <CardForm title="Add a customer group" onSubmit={handleSubmit(submit)} submitLabel="Add group" refusal={refusalOf(create)} pending={create.isPending}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="group-key" label="Code (letters, digits, -)" error={errors.key?.message} registration={register('key')} autoComplete="off" placeholder="schools" />
        <TextField id="group-name" label="Name" error={errors.name?.message} registration={register('name')} autoComplete="off" placeholder="Schools" />
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" className="checkbox" {...register('displayPricesWithoutVat')} />
        Show its customers prices without VAT
      </label>
    </CardForm>
  );
}

const groupOptions = (groups: CustomerGroup[]) =>
  groups.map((group) => (
    <option key={group.key} value={group.key}>
      {group.name}
    </option>
  ));

/** "10:5, 50:12" -> tiers from 10 units at 5 % off and from 50 at 12 %: what the schema then checks. */
function tiersFromText(text: string) {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [units, percent] = part.split(':').map((each) => each.trim());
      return { fromUnits: Number(units), percentOff: Number(percent) };
    });
}

type PriceFields = { group: string; price: string; percentOff: string; minimumOrderQuantity: string; tiers: string };

/**
 * A group's price of one tool: a price or a percent off its list price, the group's own minimum
 * order quantity, and volume tiers. `picker` chooses the tool (the catalogue's picker, given by the page).
 */
export function GroupToolPriceForm({ groups, picker, toolId }: { groups: CustomerGroup[]; picker: ReactNode; toolId: string | undefined }) {
  const save = useSetGroupPrice();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<PriceFields>({ defaultValues: { group: 'trade', price: '', percentOff: '', minimumOrderQuantity: '', tiers: '' } });
  const submit = (fields: PriceFields) => {
    if (!toolId) return setRefusal('Choose a tool by its full name first.');
    const parsed = groupToolPriceInputSchema.safeParse({
      price: amountFromText(fields.price),
      percentOff: amountFromText(fields.percentOff),
      minimumOrderQuantity: amountFromText(fields.minimumOrderQuantity),
      tiers: tiersFromText(fields.tiers),
    });
    if (!parsed.success) return setRefusal(parsed.error.issues[0]?.message ?? 'Check the price.');
    setRefusal(null);
    save.mutate({ group: fields.group, toolId, price: parsed.data }, { onSuccess: (saved) => toast.success(`${saved.toolName}: price saved`) });
  };
  return (
    <CardForm title="Set a tool's group price" onSubmit={handleSubmit(submit)} submitLabel="Save price" refusal={refusal ?? refusalOf(save)} pending={save.isPending}>
      <FormField id="price-group" label="Group" error={undefined}>
        {(control) => (
          <select {...control} {...register('group')} className="select w-full">
            {groupOptions(groups)}
          </select>
        )}
      </FormField>
      {picker}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField id="price-price" label="Price ($, or leave empty)" error={undefined} registration={register('price')} inputMode="decimal" />
        <TextField id="price-percent" label="Or percent off the list price" error={undefined} registration={register('percentOff')} inputMode="decimal" />
        <TextField id="price-minimum" label="Minimum order quantity (empty: the tool's)" error={undefined} registration={register('minimumOrderQuantity')} inputMode="numeric" />
      </div>
      <TextField id="price-tiers" label="Volume tiers: from units : percent off, e.g. 10:5, 50:12" error={undefined} registration={register('tiers')} autoComplete="off" />
    </CardForm>
  );
}

/** Puts a customer (by email) in a group, or back in their own (trade for an approved business account, else retail). */
export function GroupMemberForm({ groups }: { groups: CustomerGroup[] }) {
  const place = usePlaceGroupMember();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string; group: string }>({ defaultValues: { email: '', group: '' } });
  const submit = ({ email, group }: { email: string; group: string }) => {
    const input: GroupMemberInput = groupMemberInputSchema.parse({ email, group: group === '' ? null : group });
    place.mutate(input, { onSuccess: (member) => toast.success(`${member.email} is priced as ${member.group} now`) });
  };
  return (
    <CardForm title="Put a customer in a group" onSubmit={handleSubmit(submit)} submitLabel="Save" refusal={refusalOf(place)} pending={place.isPending}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="member-email"
          label="Customer's email"
          error={errors.email?.message}
          registration={register('email', { required: 'Email is required' })}
          type="email"
          autoComplete="off"
        />
        <FormField id="member-group" label="Group" error={undefined}>
          {(control) => (
            <select {...control} {...register('group')} className="select w-full">
              <option value="">Their own (trade if approved, else retail)</option>
              {groupOptions(groups)}
            </select>
          )}
        </FormField>
      </div>
    </CardForm>
  );
}

const GROUP_PRICE_COLUMNS = ['Tool', 'List', 'Group price', 'Minimum', 'Tiers'];

/** One group's own prices and the customers put in it, a page at a time. */
export function GroupDetails({ group }: { group: CustomerGroup }) {
  const prices = useGroupPrices(group.key);
  const members = useGroupMembers(group.key);
  const remove = useRemoveGroupPrice();
  const pricesId = `group-prices-${group.key}`;
  const membersId = `group-members-${group.key}`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <QueryState query={prices.rows} loadingLabel="Loading the group's prices" emptyText="Every tool at its list price">
        {(rows) => (
          <div>
            <TableWithActions
              id={pricesId}
              className="table table-sm"
              caption={<caption className="text-left font-medium">{`${group.name} prices`}</caption>}
              columns={GROUP_PRICE_COLUMNS}
              actionColumn="Remove"
            >
              {rows.map((price) => (
                <tr key={price.toolId}>
                  <th scope="row">{price.toolName}</th>
                  <td>{formatMoney(price.listPrice)}</td>
                  <td>{price.price !== null ? formatMoney(price.price) : price.percentOff !== null ? `${price.percentOff} % off` : 'List price'}</td>
                  <td>{price.minimumOrderQuantity ?? "The tool's"}</td>
                  <td>{price.tiers.map((tier) => `from ${tier.fromUnits}: ${tier.percentOff} % off`).join(', ') || 'None'}</td>
                  <td>
                    <button type="button" className="btn btn-ghost btn-xs" disabled={remove.isPending} onClick={() => remove.mutate({ group: group.key, toolId: price.toolId })}>
                      {`Remove ${price.toolName}`}
                    </button>
                  </td>
                </tr>
              ))}
            </TableWithActions>
            <LoadMoreButton more={prices.more} controls={pricesId} />
          </div>
        )}
      </QueryState>
      <QueryState query={members.rows} loadingLabel="Loading the group's customers" emptyText="No customer put in it by an admin">
        {(rows) => (
          <div>
            <ul id={membersId} aria-label={`Customers put in ${group.name}`} className="list-disc pl-6">
              {rows.map((member) => (
                <li key={member.userId}>{member.email}</li>
              ))}
            </ul>
            <LoadMoreButton more={members.more} controls={membersId} />
          </div>
        )}
      </QueryState>
    </div>
  );
}

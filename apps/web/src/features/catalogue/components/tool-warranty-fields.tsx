import { useId } from 'react';
import { FormField } from '../../../components/form-field.tsx';

/** The two fields as typed: the months stay text until the dialog checks them (empty: the shop's warranty). */
export interface WarrantyDraft {
  serialised: boolean;
  warrantyMonths: string;
}

/**
 * Whether each unit carries a serial number that the Ship dialog asks for, and the tool's warranty
 * in months (issue 38): a warranty claim is taken while it runs, counted from the unit's shipment.
 */
export function ToolWarrantyFields({ draft, onChange, error }: { draft: WarrantyDraft; onChange: (draft: WarrantyDraft) => void; error: string | undefined }) {
  const idPrefix = useId();
  return (
    <fieldset className="fieldset rounded-box border border-base-200 p-2">
      <legend className="fieldset-legend">Serial numbers and warranty</legend>
      <label className="label cursor-pointer gap-2 text-base-content">
        <input type="checkbox" className="checkbox checkbox-sm" checked={draft.serialised} onChange={(event) => onChange({ ...draft, serialised: event.target.checked })} />
        Serialised: each unit ships with its serial number
      </label>
      {/* Digits in a text field, as every count of the shop (whole-number-field.tsx): a number field would take "1e3". */}
      <FormField id={`${idPrefix}-months`} label="Warranty in months (empty: the shop's standard warranty)" error={error}>
        {(control) => (
          <input {...control} type="text" inputMode="numeric" pattern="[0-9]*" autoComplete="off" className="input w-full" value={draft.warrantyMonths} onChange={(event) => onChange({ ...draft, warrantyMonths: event.target.value })} />
        )}
      </FormField>
    </fieldset>
  );
}

import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { amountFromText } from '@voltline/shared/amount-input';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import type { ToolFormInput } from '../tool-form.ts';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useClientConfig } from '../../../lib/client-config.ts';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';

const NUMBER_FIELDS = [
  { name: 'availableQuantity', label: 'Available quantity', cents: false },
  { name: 'minimumOrderQuantity', label: 'Minimum order quantity', cents: false },
  // Dollars and cents (19.95): prices with VAT in them rarely end in whole dollars.
  { name: 'price', label: 'Unit price', cents: true },
] as const satisfies readonly { name: keyof ToolFormInput; label: string; cents: boolean }[];

interface ToolFieldsProps {
  /** Keeps the ids of two forms on one page apart. */
  idPrefix: string;
  register: UseFormRegister<ToolFormInput>;
  errors: FieldErrors<ToolFormInput>;
  /** Called with the file just chosen, for the preview. */
  onPictureChosen: (file: File | undefined) => void;
  /** The chosen file's preview, else the tool's current picture (editing), else none. */
  picture: string | null;
  /** Add Tool asks for a picture; editing keeps the current one unless another is chosen. */
  pictureRequired: boolean;
  /** A dialog is narrow: the three numbers go one under another. */
  compact?: boolean;
}

/**
 * The tool's own VAT rate (issue 29): empty for the shop's standard rate (SHOP_VAT_RATE), which the
 * hint names so the admin knows what empty means here.
 */
function VatRateField({ id, register, error }: { id: string; register: UseFormRegister<ToolFormInput>; error: string | undefined }) {
  const config = useClientConfig();
  const standard = config.data ? ` (${config.data.vatRate}%${config.data.vatRate === 0 ? ': this shop charges no VAT' : ''})` : '';
  return (
    <FormField id={id} label="VAT rate (%)" error={error} describedBy={`${id}-hint`}>
      {(control) => (
        <>
          <input {...control} {...register('vatRate')} inputMode="decimal" autoComplete="off" className="input w-full" />
          <p id={`${id}-hint`} className="text-sm text-base-content/70">
            {`Empty: the shop's standard rate${standard}. A reduced rate such as 7 or 5.5 for this tool only.`}
          </p>
        </>
      )}
    </FormField>
  );
}

/** A tool's fields as Add Tool and Update tool ask for them: name, description, the three numbers, the VAT rate, SKU and GTIN, the picture. */
export function ToolFields({ idPrefix, register, errors, onPictureChosen, picture, pictureRequired, compact = false }: ToolFieldsProps) {
  return (
    <>
      <TextField id={`${idPrefix}-name`} label="Tool name" error={errors.toolName?.message} registration={register('toolName')} required autoComplete="off" />
      <FormField id={`${idPrefix}-description`} label="Description" error={errors.description?.message}>
        {(control) => <textarea {...control} {...register('description')} required rows={4} className="textarea w-full" />}
      </FormField>
      <div className={compact ? 'flex flex-col gap-4' : 'grid gap-4 sm:grid-cols-3'}>
        {NUMBER_FIELDS.map((field) => (
          <WholeNumberField
            key={field.name}
            id={`${idPrefix}-${field.name}`}
            label={field.label}
            error={errors[field.name]?.message}
            registration={register(field.name, { setValueAs: field.cents ? amountFromText : wholeNumberFromText })}
            cents={field.cents}
          />
        ))}
      </div>
      <VatRateField id={`${idPrefix}-vatRate`} register={register} error={errors.vatRate?.message} />
      {/* Both optional; the server refuses one another tool has (issue 40). */}
      <div className={compact ? 'flex flex-col gap-4' : 'grid gap-4 sm:grid-cols-2'}>
        <TextField id={`${idPrefix}-sku`} label="SKU (optional)" error={errors.sku?.message} registration={register('sku')} autoComplete="off" spellCheck={false} />
        <TextField id={`${idPrefix}-gtin`} label="EAN / GTIN (optional)" error={errors.gtin?.message} registration={register('gtin')} inputMode="numeric" autoComplete="off" />
      </div>
      <FormField id={`${idPrefix}-image`} label="Image" error={errors.image?.message}>
        {(control) => (
          <input
            {...control}
            {...register('image', { onChange: (event) => onPictureChosen((event.target as HTMLInputElement).files?.[0]) })}
            type="file"
            accept="image/*"
            required={pictureRequired}
            className="file-input w-full"
          />
        )}
      </FormField>
      {picture && <img src={picture} alt="The tool's picture" width={96} height={96} className="size-24 rounded object-cover" />}
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

export type ZodFormOptions<Fields extends FieldValues, Output> = Omit<UseFormProps<Fields, unknown, Output>, 'resolver' | 'defaultValues'> & {
  /** What the fields hold, read before the schema checks them (e.g. a local date and time as an ISO moment). */
  readFirst?: (fields: Fields) => Fields;
};

/**
 * A form checked by a schema from packages/shared (decision 007: the browser checks what the server
 * will check again): react-hook-form with the schema's resolver, its fields typed from what the schema
 * takes and the submit from what it gives. `errors` is the form state's, subscribed to once here.
 */
export function useZodForm<Fields extends FieldValues, Output>(
  schema: z.ZodType<Output, Fields>,
  defaultValues: NoInfer<DefaultValues<Fields>>,
  { readFirst, ...options }: ZodFormOptions<Fields, Output> = {},
) {
  const resolve = zodResolver(schema) as unknown as Resolver<Fields, unknown, Output>;
  const resolver: Resolver<Fields, unknown, Output> = readFirst ? (fields, context, how) => resolve(readFirst(fields), context, how) : resolve;
  const form = useForm<Fields, unknown, Output>({ ...options, resolver, defaultValues });
  return { ...form, errors: form.formState.errors };
}

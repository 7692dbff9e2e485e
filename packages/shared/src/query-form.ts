import { z } from 'zod';
import { text, textWithLines } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/** The roles offered by the "Ask us anything" form (product.md, "Screens"). */
export const QUERY_ROLES = [
  'Front End Developer',
  'Back End Developer',
  'Full Stack Developer',
  'Product Manager',
  'Others',
] as const;

/** The query form is only checked in the browser: the spec says it sends nothing. */
export const queryFormSchema = z.object({
  name: text().trim().min(1, 'Name is required').max(TEXT_LIMITS.personName, tooLongMessage('Name', TEXT_LIMITS.personName)),
  email: text().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  phone: text()
    .trim()
    .min(1, 'Phone number is required')
    .regex(/^\+?[0-9]{5,20}$/, 'Phone number must contain digits only'),
  role: z.enum(QUERY_ROLES, { error: 'Role is required' }),
  query: textWithLines().max(TEXT_LIMITS.query, tooLongMessage('Your query', TEXT_LIMITS.query)).optional(),
});
export type QueryForm = z.infer<typeof queryFormSchema>;

import { z } from 'zod';

/** The roles offered by the "Ask us anything" form (spec section 2). */
export const QUERY_ROLES = [
  'Front End Developer',
  'Back End Developer',
  'Full Stack Developer',
  'Product Manager',
  'Others',
] as const;

/** The query form is only checked in the browser: the spec says it sends nothing. */
export const queryFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  phone: z
    .string()
    .trim()
    .min(1, 'Phone number is required')
    .regex(/^\+?[0-9]{5,20}$/, 'Phone number must contain digits only'),
  role: z.enum(QUERY_ROLES, { error: 'Role is required' }),
  query: z.string().max(2000).optional(),
});
export type QueryForm = z.infer<typeof queryFormSchema>;

import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';
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

/**
 * What a visitor sends with the "Ask us anything" form: the form checks it in the browser and
 * POST /api/queries checks it again before the query is stored (the spec's client sent nothing).
 */
export const queryFormSchema = z.object({
  name: text().trim().min(1, 'Name is required').max(TEXT_LIMITS.personName, tooLongMessage('Name', TEXT_LIMITS.personName)),
  email: text()
    .trim()
    .min(1, 'Email is required')
    .max(TEXT_LIMITS.email, tooLongMessage('Email', TEXT_LIMITS.email))
    .pipe(z.email('Enter a valid email')),
  phone: text()
    .trim()
    .min(1, 'Phone number is required')
    .regex(/^\+?[0-9]{5,20}$/, 'Phone number must contain digits only'),
  role: z.enum(QUERY_ROLES, { error: 'Role is required' }),
  query: textWithLines().max(TEXT_LIMITS.query, tooLongMessage('Your query', TEXT_LIMITS.query)).optional(),
});
export type QueryForm = z.infer<typeof queryFormSchema>;

/** A stored query as the admins' Queries inbox reads it. */
export const storedQuerySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  /** Empty when the visitor left the optional question out. */
  query: z.string(),
  createdAt: z.string(),
  /** When an admin marked it answered, and who; null while it is open. */
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
});
export type StoredQuery = z.infer<typeof storedQuerySchema>;

/** Which queries the inbox lists: those still to answer, those answered, or all of them. */
const QUERY_STATUSES = ['open', 'answered'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

export const queryListQuerySchema = pageQuerySchema.extend({
  status: z.enum(QUERY_STATUSES, { error: `status must be one of ${QUERY_STATUSES.join(', ')}` }).optional(),
});
export type QueryListQuery = z.infer<typeof queryListQuerySchema>;

/** PATCH /api/queries/{id}: an admin marks a query answered, or open again. */
export const queryAnswerSchema = z.object({
  answered: z.boolean({ error: 'answered must be true or false' }),
});
export type QueryAnswer = z.infer<typeof queryAnswerSchema>;

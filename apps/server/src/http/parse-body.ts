import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Validates a body whose schema depends on who calls; refusals name every problem. */
export function parseOrRefuse<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const details = result.error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new AppError('INVALID_DATA', details);
}

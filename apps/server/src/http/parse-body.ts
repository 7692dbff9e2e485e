import type { z } from 'zod';
import { describeRefusal } from '@voltline/shared/validation-messages';
import { AppError } from './app-error.ts';

/** Validates a body whose schema depends on who calls; refusals name every problem. */
export function parseOrRefuse<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new AppError('INVALID_DATA', describeRefusal(result.error.issues));
}

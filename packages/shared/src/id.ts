import { z } from 'zod';
import { text } from './text.ts';

/** Every entity id is a UUID, sent as a string under `_id` as the spec's client expects. */
export const entityIdSchema = z.uuid();

/**
 * The `{id}` in a route's path. Any text up to 100 characters is taken here, so that a malformed id
 * answers as the entity's own "not found" (the service checks it against entityIdSchema) rather than
 * as a refused request.
 */
export const idParamsSchema = z.object({ id: text().max(100) });

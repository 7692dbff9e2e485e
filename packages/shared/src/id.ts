import { z } from 'zod';

/** Every entity id is a UUID, sent as a string under `_id` as the spec's client expects. */
export const entityIdSchema = z.uuid();

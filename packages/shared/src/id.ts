import { z } from 'zod';
// The shop's wording for every refusal these schemas do not word themselves.
import './validation-messages.ts';

/** Every entity id is a UUID, sent as a string under `_id` as the spec's client expects. */
export const entityIdSchema = z.uuid();

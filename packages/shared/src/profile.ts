import { z } from 'zod';
import { entityIdSchema } from './id.ts';
import { phoneSchema } from './phone.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A user profile, as the API answers it (spec section 3). Missing items are null. */
export const profileSchema = z.object({
  _id: entityIdSchema,
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  linkedIn: z.string().nullable(),
  education: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const required = (label: string, max: number) => z.string().trim().min(1, `${label} is required`).max(max, tooLongMessage(label, max));

export const profileFields = {
  address: required('Address', TEXT_LIMITS.address),
  phone: phoneSchema,
  linkedIn: required('LinkedIn', TEXT_LIMITS.linkedIn).pipe(z.url({ protocol: /^https?$/, error: 'LinkedIn must be a web address (https://...)' })),
  education: required('Education', TEXT_LIMITS.education),
  // Only pictures this shop stored itself: an upload's /api/images/{id} URL.
  profilePicture: z.string().regex(/^\/api\/images\/[0-9a-f-]{36}$/, 'Profile picture must be an uploaded image'),
};

/** What an owner may change on their own profile: any of these, nothing else (extra fields are refused). */
export const profileInfoUpdateSchema = z
  .object({
    address: profileFields.address,
    phone: profileFields.phone,
    linkedIn: profileFields.linkedIn,
    education: profileFields.education,
    profilePicture: profileFields.profilePicture,
  })
  .partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: 'Nothing to update' });
export type ProfileInfoUpdate = z.infer<typeof profileInfoUpdateSchema>;

/** The update modal: every field and the picture are required (spec section 5). */
export const profileUpdateFormSchema = z.object({
  address: profileFields.address,
  phone: profileFields.phone,
  linkedIn: profileFields.linkedIn,
  education: profileFields.education,
});
export type ProfileUpdateForm = z.infer<typeof profileUpdateFormSchema>;

/** Make Admin: the only role change there is. */
export const roleUpdateSchema = z.object({ role: z.literal('admin') }).strict();

export const profileUpdateSchema = z.union([roleUpdateSchema, profileInfoUpdateSchema]);

export const acknowledgedSchema = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int().optional() });
export const adminAnswerSchema = z.object({ admin: z.boolean() });
export const uploadResponseSchema = z.object({ data: z.object({ url: z.string() }) });

export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

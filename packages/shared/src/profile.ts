import { z } from 'zod';
import { text } from './text.ts';
import { personNameSchema } from './account.ts';
import { entityIdSchema } from './id.ts';
import { phoneSchema } from './phone.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';
import { staffRoleSchema } from './staff-roles.ts';

const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A user profile, as the API answers it (product.md, "Things the shop keeps"). Missing items are null. */
export const profileSchema = z.object({
  _id: entityIdSchema,
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Every staff role held (decision 063): `admin` here whenever `role` is admin; empty for a customer. */
  roles: z.array(staffRoleSchema),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  linkedIn: z.string().nullable(),
  education: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const required = (label: string, max: number) => text().trim().min(1, `${label} is required`).max(max, tooLongMessage(label, max));

export const profileFields = {
  name: personNameSchema,
  address: required('Address', TEXT_LIMITS.address),
  phone: phoneSchema,
  linkedIn: required('LinkedIn', TEXT_LIMITS.linkedIn).pipe(z.url({ protocol: /^https?$/, error: 'LinkedIn must be a web address (https://...)' })),
  education: required('Education', TEXT_LIMITS.education),
  // Only pictures this shop stored itself: an upload's /api/images/{id} URL.
  profilePicture: text().regex(/^\/api\/images\/[0-9a-f-]{36}$/, 'Profile picture must be an uploaded image'),
};

/** What an owner may change on their own profile: any of these, nothing else (extra fields are refused). */
const profileDetails = z.object(profileFields).partial();
const somethingToUpdate = (update: object) => Object.keys(update).length > 0;

export const profileInfoUpdateSchema = profileDetails.strict().refine(somethingToUpdate, { message: 'Nothing to update' });
export type ProfileInfoUpdate = z.infer<typeof profileInfoUpdateSchema>;

/** The update modal: every field and the picture are required (product.md, "Rules for what people type"). */
export const profileUpdateFormSchema = z.object({
  address: profileFields.address,
  phone: profileFields.phone,
  linkedIn: profileFields.linkedIn,
  education: profileFields.education,
});

/** Make Admin (user -> admin, product.md, "States") and Remove admin (admin -> user, issue 16). */
const roleUpdateSchema = z.object({ role: z.enum(ROLES) }).strict();

/**
 * PATCH /profile/{id}: the owner's own details, or, from an admin, a role. One object rather than a
 * union, so each refused field is named in words; a role comes alone, as the spec's call sends it.
 */
export const profileUpdateSchema = profileDetails
  .extend(roleUpdateSchema.partial().shape)
  .strict()
  .refine(somethingToUpdate, { message: 'Nothing to update' })
  .refine((update) => update.role === undefined || Object.keys(update).length === 1, {
    message: 'A role is changed on its own, without other profile details',
    path: ['role'],
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** One change of a profile's role, as GET /profile/{id}/role-history answers it, newest first. */
export const roleChangeSchema = z.object({
  role: z.enum(ROLES),
  /** Every staff role held after the change (decision 063). */
  roles: z.array(staffRoleSchema),
  /** Who changed it (their email); null when the shop itself did: its first admin, made at the first start. */
  changedBy: z.string().nullable(),
  at: z.string(),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;

/** The last admin's role cannot be removed: the shop would have nobody to run it. */
export const LAST_ADMIN_MESSAGE = 'The shop needs an admin: make someone else an admin before this admin role is removed.';

export const acknowledgedSchema = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int().optional() });
/** GET /admin/{email}: the spec's `admin`, and every staff role held (decision 063). */
export const adminAnswerSchema = z.object({ admin: z.boolean(), roles: z.array(staffRoleSchema) });
export const uploadResponseSchema = z.object({ data: z.object({ url: z.string() }) });

export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

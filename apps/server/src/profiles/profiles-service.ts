import { asc, eq } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { profileInfoUpdateSchema, roleUpdateSchema, type Profile, type Role } from '@voltline/shared/profile';
import type { Database } from '../db/client.ts';
import { userProfiles } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { parseOrRefuse } from '../http/parse-body.ts';
import { isSameEmail, type Caller } from '../identity/caller.ts';

type ProfileRow = typeof userProfiles.$inferSelect;

function toProfileDto(row: ProfileRow): Profile {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    address: row.address,
    phone: row.phone,
    linkedIn: row.linkedIn,
    education: row.education,
    profilePicture: row.profilePicture,
  };
}

const forbidden = () => new AppError('FORBIDDEN', 'You can only see and change your own profile.');

export function createProfilesService(db: Database) {
  async function findByEmail(email: string): Promise<ProfileRow | undefined> {
    const [row] = await db.select().from(userProfiles).where(eq(userProfiles.email, email.trim().toLowerCase()));
    return row;
  }

  return {
    /** The profile of a signed-in identity, made on first use (the spec's PATCH /user/{email}). */
    async ensureProfile(user: { id: string; email: string; name: string }, role: Role = 'user'): Promise<Profile> {
      await db
        .insert(userProfiles)
        .values({ userId: user.id, email: user.email.toLowerCase(), name: user.name, role })
        .onConflictDoNothing();
      const row = await findByEmail(user.email);
      if (!row) throw new Error(`profile for ${user.email} was not created`);
      if (!row.userId) {
        await db.update(userProfiles).set({ userId: user.id }).where(eq(userProfiles.id, row.id));
      }
      return toProfileDto(row);
    },

    /** GET /user?email=: the owner or an admin. */
    async getProfile(caller: Caller, email: string): Promise<Profile> {
      if (!isSameEmail(caller.email, email) && caller.role !== 'admin') throw forbidden();
      const row = await findByEmail(email);
      if (!row) throw notFound('No profile for this email');
      return toProfileDto(row);
    },

    /** GET /admin/{email}: callers may ask about themselves; admins about anyone. */
    async isAdmin(caller: Caller, email: string): Promise<boolean> {
      if (!isSameEmail(caller.email, email) && caller.role !== 'admin') throw forbidden();
      const row = await findByEmail(email);
      return row?.role === 'admin';
    },

    /**
     * PATCH /profile/{id}: an owner changes their own details; only an admin changes a role, and
     * only to admin (spec: user -> admin). Anything else in the body is refused, not ignored.
     */
    async updateProfile(caller: Caller, profileId: string, body: unknown): Promise<{ acknowledged: true; modifiedCount: number }> {
      const id = entityIdSchema.safeParse(profileId);
      if (!id.success) throw notFound('Profile not found');
      const [target] = await db.select().from(userProfiles).where(eq(userProfiles.id, id.data));
      if (!target) throw notFound('Profile not found');

      const wantsRole = typeof body === 'object' && body !== null && 'role' in body;
      if (wantsRole) {
        if (caller.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an admin can make admins.');
        const update = parseOrRefuse(roleUpdateSchema, body);
        const changed = await db.update(userProfiles).set(update).where(eq(userProfiles.id, target.id)).returning();
        return { acknowledged: true, modifiedCount: changed.length };
      }
      if (target.id !== caller.profileId) throw forbidden();
      const update = parseOrRefuse(profileInfoUpdateSchema, body);
      const changed = await db.update(userProfiles).set(update).where(eq(userProfiles.id, target.id)).returning();
      return { acknowledged: true, modifiedCount: changed.length };
    },

    /** GET /allUsers: admins only (the route's guard). */
    async listProfiles(): Promise<Profile[]> {
      const rows = await db.select().from(userProfiles).orderBy(asc(userProfiles.createdAt), asc(userProfiles.email));
      return rows.map(toProfileDto);
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;

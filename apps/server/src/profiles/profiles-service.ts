import { and, eq, or, sql } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { PageQuery } from '@voltline/shared/paging';
import { profileInfoUpdateSchema, roleUpdateSchema, type Profile, type Role } from '@voltline/shared/profile';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import type { Database } from '../db/client.ts';
import { userProfiles } from '../db/schema.ts';
import { AppError, notFound, parseOrRefuse } from '../platform/app-error.ts';
import { isSameEmail, type Caller } from '../identity/caller.ts';
import { likePattern, mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';

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

const forbidden = () => new AppError('forbidden', 'You can only see and change your own profile.');

const oldestProfilesFirst: KeysetOrder = { key: userProfiles.createdAt, keyType: 'timestamptz', id: userProfiles.id, idType: 'uuid', direction: 'asc' };

export function createProfilesService(db: Database, paging: Paging) {
  async function findByEmail(email: string): Promise<ProfileRow | undefined> {
    const [row] = await db.select().from(userProfiles).where(eq(userProfiles.email, email.trim().toLowerCase()));
    return row;
  }

  return {
    /** The profile of a signed-in identity, made on first use (the spec's PATCH /user/{email}). */
    async ensureProfile(user: { id: string; email: string; name: string }, role: Role = 'user'): Promise<Profile> {
      await db
        .insert(userProfiles)
        .values({ userId: user.id, email: user.email.toLowerCase(), name: clipText(user.name, TEXT_LIMITS.personName), role })
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
        if (caller.role !== 'admin') throw new AppError('forbidden', 'Only an admin can make admins.');
        const update = parseOrRefuse(roleUpdateSchema, body);
        const changed = await db.update(userProfiles).set(update).where(eq(userProfiles.id, target.id)).returning();
        return { acknowledged: true, modifiedCount: changed.length };
      }
      if (target.id !== caller.profileId) throw forbidden();
      const update = parseOrRefuse(profileInfoUpdateSchema, body);
      const changed = await db.update(userProfiles).set(update).where(eq(userProfiles.id, target.id)).returning();
      return { acknowledged: true, modifiedCount: changed.length };
    },

    /**
     * GET /allUsers: admins only (the route's guard). A page of customers, oldest first; `q` finds
     * them by the start of their email or name.
     */
    async listProfiles(query: PageQuery): Promise<Page<Profile>> {
      const page = paging.page({ list: 'profiles', order: oldestProfilesFirst, scope: { q: query.q }, query });
      const pattern = query.q === undefined ? undefined : likePattern(query.q, 'prefix');
      const search =
        pattern === undefined ? undefined : or(sql`lower(${userProfiles.email}) like ${pattern}`, sql`lower(${userProfiles.name}) like ${pattern}`);
      const rows = await db
        .select({ profile: userProfiles, cursorKey: page.cursorKey })
        .from(userProfiles)
        .where(and(search, page.where))
        .orderBy(...page.orderBy)
        .limit(page.fetchLimit);
      return mapPage(
        page.finish(rows, (row) => row.profile.id),
        (row) => toProfileDto(row.profile),
      );
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;

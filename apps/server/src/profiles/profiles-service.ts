import { eq, or, sql } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { PageQuery } from '@voltline/shared/paging';
import { LAST_ADMIN_MESSAGE, type Profile, type ProfileUpdate, type Role, type RoleChange } from '@voltline/shared/profile';
import { inRoleOrder, type StaffRole } from '@voltline/shared/staff-roles';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import type { Database } from '../db/client.ts';
import { authUsers, roleChanges, userProfiles } from '../db/schema.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { isSameEmail, type Caller } from '../identity/caller.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { likePattern, mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';

type ProfileRow = typeof userProfiles.$inferSelect;

/** Every staff role of a profile or a role change: admin from the spec's role, the others from their column. */
const rolesOf = (row: { role: Role; staffRoles: string[] }): StaffRole[] => [...(row.role === 'admin' ? (['admin'] as const) : []), ...(row.staffRoles as StaffRole[])];

function toProfileDto(row: ProfileRow): Profile {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    roles: rolesOf(row),
    address: row.address,
    phone: row.phone,
    linkedIn: row.linkedIn,
    education: row.education,
    profilePicture: row.profilePicture,
  };
}

const forbidden = () => new AppError('forbidden', 'You can only see and change your own profile.');

const onlyAdminsChangeRoles = () => new AppError('forbidden', 'Only an admin can change roles.');
const profileNotFound = () => notFound('Profile not found');

const oldestProfilesFirst: KeysetOrder = { key: userProfiles.createdAt, keyType: 'timestamptz', id: userProfiles.id, idType: 'uuid', direction: 'asc' };
const newestRoleChangesFirst: KeysetOrder = { key: roleChanges.at, keyType: 'timestamptz', id: roleChanges.id, idType: 'uuid', direction: 'desc' };

export function createProfilesService(db: Database, paging: Paging) {
  async function findByEmail(email: string): Promise<ProfileRow | undefined> {
    const [row] = await db.select().from(userProfiles).where(eq(userProfiles.email, email.trim().toLowerCase()));
    return row;
  }

  /**
   * Make Admin, Remove admin and the Team page's roles (decision 063), and their record, in one
   * statement. It locks every admin row first, so two admins removing each other at the same moment
   * take turns: the second sees one admin left and is refused, and the shop is never left without an
   * admin. The caller must still be an admin then, too (a role taken away a moment ago no longer
   * acts). `staff` is the set of the other roles afterwards; left out (the spec's role call), they stay.
   */
  async function changeRoles(caller: Caller, profileId: string, role: Role, staff?: StaffRole[]): Promise<{ acknowledged: true; modifiedCount: number }> {
    if (caller.role !== 'admin') throw onlyAdminsChangeRoles();
    const staffAfter = staff === undefined ? sql`staff_roles` : sql`string_to_array(${inRoleOrder(staff).join(',')}, ',')::text[]`;
    // Taking an admin's role needs another admin left; anyone else's roles change freely.
    const leavesAnAdmin = role === 'admin' ? sql`true` : sql`(${profileId} not in (select id from admins) or (select count(*) from admins) > 1)`;
    // The statement and its audit row in one transaction (decision 065); the statement itself stays one, as 017 asks.
    return db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        with admins as (
          select id from user_profiles where role = 'admin' for update
        ), actor as (
          select exists (select 1 from admins where id = ${caller.profileId}) as still_admin
        ), changed as (
          update user_profiles set role = ${role}, staff_roles = ${staffAfter}
          where id = ${profileId} and (role <> ${role} or staff_roles <> ${staffAfter}) and (select still_admin from actor) and ${leavesAnAdmin}
          returning id, role, staff_roles
        ), recorded as (
          insert into role_changes (profile_id, role, staff_roles, changed_by_user_id, changed_by_email)
          select id, role, staff_roles, ${caller.userId}, ${caller.email} from changed
        )
        select (select role from user_profiles where id = ${profileId}) as role_before,
               (select staff_roles from user_profiles where id = ${profileId}) as staff_before,
               (select role = ${role} and staff_roles = ${staffAfter} from user_profiles where id = ${profileId}) as unchanged,
               (select still_admin from actor) as still_admin,
               (select count(*) from changed)::int as changed
      `);
      const [outcome] = (result as unknown as { rows: { role_before: Role | null; staff_before: StaffRole[] | null; unchanged: boolean | null; still_admin: boolean; changed: number }[] }).rows;
      if (outcome?.changed === 1) {
        // The roles as the statement found them, and as it left them; the profile by its id (its email is a customer's until they join the staff).
        const rolesBefore = [...(outcome.role_before === 'admin' ? ['admin'] : []), ...(outcome.staff_before ?? [])];
        const [after] = await tx.select({ role: userProfiles.role, staffRoles: userProfiles.staffRoles }).from(userProfiles).where(eq(userProfiles.id, profileId));
        const rolesAfter = [...(after!.role === 'admin' ? ['admin'] : []), ...after!.staffRoles];
        await recordAudit(tx, { actor: caller, kind: 'role', action: 'roles changed', subject: profileId, before: { roles: rolesBefore }, after: { roles: rolesAfter } });
        return { acknowledged: true as const, modifiedCount: 1 };
      }
      if (!outcome?.role_before) throw profileNotFound();
      if (!outcome.still_admin) throw onlyAdminsChangeRoles();
      if (outcome.unchanged) return { acknowledged: true as const, modifiedCount: 0 };
      throw new AppError('conflict', LAST_ADMIN_MESSAGE);
    });
  }

  return {
    /**
     * The shop's first admin, at its first start (first-admin.ts): the role and its record
     * in one statement, like Make Admin, with no one as its author (the shop gave it).
     */
    async makeFirstAdmin(email: string): Promise<void> {
      await db.execute(sql`
        with changed as (
          update user_profiles set role = 'admin' where email = ${email.trim().toLowerCase()} returning id
        )
        insert into role_changes (profile_id, role) select id, 'admin' from changed
      `);
    },

    /** The profile of a signed-in identity, made on first use (the spec's PATCH /user/{email}). */
    async ensureProfile(user: { id: string; email: string; name: string }): Promise<Profile> {
      await db
        .insert(userProfiles)
        .values({ userId: user.id, email: user.email.toLowerCase(), name: clipText(user.name, TEXT_LIMITS.personName) })
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
    async isAdmin(caller: Caller, email: string): Promise<{ admin: boolean; roles: StaffRole[] }> {
      if (!isSameEmail(caller.email, email) && caller.role !== 'admin') throw forbidden();
      const row = await findByEmail(email);
      return { admin: row?.role === 'admin', roles: row ? rolesOf(row) : [] };
    },

    /** PUT /profile/{id}/roles (admins): the whole set of staff roles the profile holds afterwards. */
    async setRoles(caller: Caller, profileId: string, roles: StaffRole[]): Promise<{ acknowledged: true; modifiedCount: number }> {
      const id = entityIdSchema.safeParse(profileId);
      if (!id.success) throw profileNotFound();
      return changeRoles(caller, id.data, roles.includes('admin') ? 'admin' : 'user', roles.filter((role) => role !== 'admin'));
    },

    /**
     * PATCH /profile/{id}: an owner changes their own details (their name too); only an admin
     * changes a role. The name lives in the account and the profile alike, so both change together;
     * orders keep the name they were placed under.
     */
    async updateProfile(caller: Caller, profileId: string, update: ProfileUpdate): Promise<{ acknowledged: true; modifiedCount: number }> {
      const id = entityIdSchema.safeParse(profileId);
      if (!id.success) throw profileNotFound();
      if (update.role !== undefined) return changeRoles(caller, id.data, update.role);
      const [target] = await db.select().from(userProfiles).where(eq(userProfiles.id, id.data));
      if (!target) throw profileNotFound();
      if (target.id !== caller.profileId) throw forbidden();
      await db.transaction(async (tx) => {
        await tx.update(userProfiles).set(update).where(eq(userProfiles.id, target.id));
        if (update.name !== undefined) {
          await tx.update(authUsers).set({ name: update.name, updatedAt: new Date() }).where(eq(authUsers.id, caller.userId));
        }
      });
      return { acknowledged: true, modifiedCount: 1 };
    },

    /** GET /profile/{id}/role-history (admins): who changed the profile's role and when, newest first. */
    async roleHistory(profileId: string, query: PageQuery): Promise<Page<RoleChange>> {
      const id = entityIdSchema.safeParse(profileId);
      if (!id.success) throw profileNotFound();
      const [profile] = await db.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.id, id.data));
      if (!profile) throw profileNotFound();
      const page = paging.page({ list: `role-history:${profile.id}`, order: newestRoleChangesFirst, query: { ...query, q: undefined } });
      const select = db.select({ change: roleChanges, cursorKey: page.cursorKey }).from(roleChanges).$dynamic();
      return mapPage(await page.read(select, eq(roleChanges.profileId, profile.id), (row) => row.change.id), ({ change }) => ({
        role: change.role,
        roles: rolesOf(change),
        changedBy: change.changedByEmail,
        at: change.at.toISOString(),
      }));
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
      const select = db.select({ profile: userProfiles, cursorKey: page.cursorKey }).from(userProfiles).$dynamic();
      return mapPage(await page.read(select, search, (row) => row.profile.id), (row) => toProfileDto(row.profile));
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;

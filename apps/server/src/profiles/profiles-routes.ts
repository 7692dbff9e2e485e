import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedSchema, adminAnswerSchema, profileSchema, profileUpdateSchema, roleChangeSchema } from '@voltline/shared/profile';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import { pageQuerySchema } from '@voltline/shared/paging';
import type { ProfilesService } from './profiles-service.ts';
import { idParamsSchema } from '@voltline/shared/id';
import { text } from '@voltline/shared/text';
import { staffRolesUpdateSchema } from '@voltline/shared/staff-roles';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';

const route = routesTagged('profiles');

const emailParam = text().min(1).max(254);

/** Profiles and roles (product.md, "The API"). Every route needs a Bearer token; see each summary for who. */
export function profilesRoutes(profiles: ProfilesService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/user', route('A profile by email. The owner or an admin.', { onRequest: guards.requireUser, querystring: z.object({ email: emailParam }), answer: profileSchema }),
      (request) => profiles.getProfile(callerOf(request), request.query.email));

    app.get('/admin/:email', route('Whether an email is an admin, and every staff role it holds (roles). The user themselves or an admin.', { onRequest: guards.requireUser, params: z.object({ email: emailParam }), answer: adminAnswerSchema }),
      (request) => profiles.isAdmin(callerOf(request), request.params.email));

    app.patch('/profile/:id', route('Owner: name, linkedIn, address, phone, education, profilePicture. Admin: { role: "admin" } (Make Admin) or { role: "user" } (Remove admin; 409 when it would leave no admin), recorded in the role history.', { onRequest: guards.requireUser, params: idParamsSchema, body: profileUpdateSchema, answer: acknowledgedSchema }),
      (request) => profiles.updateProfile(callerOf(request), request.params.id, request.body));

    app.put('/profile/:id/roles', route('The Team page: the whole set of staff roles the profile holds afterwards, { roles: [admin, fulfilment, catalogue, accounts, support] } (several, or none for a customer), recorded in the role history; 409 when it would leave no admin. Admins only.', { onRequest: guards.allow('team'), params: idParamsSchema, body: staffRolesUpdateSchema, answer: acknowledgedSchema }),
      (request) => profiles.setRoles(callerOf(request), request.params.id, request.body.roles));

    app.get('/profile/:id/role-history', route('Who changed this profile’s role, to what and when, newest first, a page at a time (limit, cursor from the Link header). Admins only.', { onRequest: guards.allow('team'), params: idParamsSchema, querystring: pageQuerySchema, answer: pageOf(roleChangeSchema) }),
      answerPage((request) => profiles.roleHistory(request.params.id, request.query)));

    app.get('/allUsers', route('Profiles, oldest first, a page at a time (limit, cursor from the Link header, q: start of email or name). Admins only.', { onRequest: guards.allow('team'), querystring: pageQuerySchema, answer: pageOf(profileSchema) }),
      answerPage((request) => profiles.listProfiles(request.query)));
  };
}

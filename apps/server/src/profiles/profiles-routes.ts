import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedSchema, adminAnswerSchema, profileSchema, profileUpdateSchema, roleChangeSchema } from '@voltline/shared/profile';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import { pageQuerySchema } from '@voltline/shared/paging';
import { sendPage } from '../http/replies.ts';
import type { ProfilesService } from './profiles-service.ts';
import { idParamsSchema } from '@voltline/shared/id';
import { text } from '@voltline/shared/text';

const emailParam = text().min(1).max(254);

/** Profiles and roles (product.md, "The API"). Every route needs a Bearer token; see each summary for who. */
export function profilesRoutes(profiles: ProfilesService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['profiles'],
          summary: 'A profile by email. The owner or an admin.',
          querystring: z.object({ email: emailParam }),
          response: { 200: profileSchema },
        },
      },
      (request) => profiles.getProfile(callerOf(request), request.query.email),
    );

    app.get(
      '/admin/:email',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['profiles'],
          summary: 'Whether an email is an admin. The user themselves or an admin.',
          params: z.object({ email: emailParam }),
          response: { 200: adminAnswerSchema },
        },
      },
      async (request) => ({ admin: await profiles.isAdmin(callerOf(request), request.params.email) }),
    );

    app.patch(
      '/profile/:id',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['profiles'],
          summary:
            'Owner: name, linkedIn, address, phone, education, profilePicture. Admin: { role: "admin" } (Make Admin) or { role: "user" } (Remove admin; 409 when it would leave no admin), recorded in the role history.',
          params: idParamsSchema,
          body: profileUpdateSchema,
          response: { 200: acknowledgedSchema },
        },
      },
      (request) => profiles.updateProfile(callerOf(request), request.params.id, request.body),
    );

    app.get(
      '/profile/:id/role-history',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['profiles'],
          summary: 'Who changed this profile’s role, to what and when, newest first, a page at a time (limit, cursor from the Link header). Admins only.',
          params: idParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: z.array(roleChangeSchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await profiles.roleHistory(request.params.id, request.query)),
    );

    app.get(
      '/allUsers',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['profiles'],
          summary: 'Profiles, oldest first, a page at a time (limit, cursor from the Link header, q: start of email or name). Admins only.',
          querystring: pageQuerySchema,
          response: { 200: z.array(profileSchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await profiles.listProfiles(request.query)),
    );
  };
}

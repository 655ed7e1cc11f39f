import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '#shared/schemas/error.ts';
import { AdminCheck, ProfileUpdate, TokenResponse, UserProfile } from '#shared/schemas/user.ts';
import { HttpError, notFound } from '#server/plugins/errors.ts';
import { ensureProfile, getProfile, updateProfile } from './users.service.ts';

const EmailParam = z.object({ email: z.string().trim().min(3).max(254) });
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const bearer = [{ bearer: [] }];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const forbidden = () => new HttpError(403, 'forbidden', 'This account is not yours.');

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Exchange the signed-in session (cookie) for the access token',
        params: EmailParam,
        body: z.object({ email: z.string().max(254) }),
        response: { 200: TokenResponse, ...errors },
      },
    },
    async (req) => {
      const session = await app.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
      if (!session) throw new HttpError(401, 'unauthenticated', 'Please sign in to continue.');
      if (!same(session.user.email, req.params.email) || !same(session.user.email, req.body.email))
        throw forbidden();
      await ensureProfile(app.db, session.user.id);
      // The token is the session's own: signing out or expiry revokes it on the server.
      return { token: session.session.token };
    },
  );

  app.get(
    '/admin/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Whether the account is an admin (self, or an admin asking)',
        security: bearer,
        params: EmailParam,
        response: { 200: AdminCheck, ...errors },
      },
    },
    async (req) => {
      const me = req.user!;
      if (same(me.email, req.params.email)) return { admin: me.admin };
      if (!me.admin) throw forbidden();
      const profile = await getProfile(app.db, req.params.email);
      if (!profile) throw notFound('No account with this email.');
      return { admin: profile.role === 'admin' };
    },
  );

  app.get(
    '/user/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The account and its profile (self; admins may read any)',
        security: bearer,
        params: EmailParam,
        response: { 200: UserProfile, ...errors },
      },
    },
    async (req) => {
      const me = req.user!;
      if (!same(me.email, req.params.email) && !me.admin) throw forbidden();
      const profile = await getProfile(app.db, req.params.email);
      if (!profile) throw notFound('No account with this email.');
      return profile;
    },
  );

  app.put(
    '/myProfile/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Update your profile (every field optional)',
        security: bearer,
        params: EmailParam,
        body: ProfileUpdate,
        response: { 200: UserProfile, ...errors },
      },
    },
    async (req) => {
      const me = req.user!;
      if (!same(me.email, req.params.email)) throw forbidden();
      await updateProfile(app.db, me.id, req.body);
      return (await getProfile(app.db, me.email))!;
    },
  );
};

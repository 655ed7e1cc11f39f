import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '#shared/schemas/error.ts';
import { StoreConfig } from '#shared/schemas/store-config.ts';
import { AdminCheck, Email, ProfileUpdate, TokenResponse, UserProfile } from '#shared/schemas/user.ts';
import { HttpError } from '#server/http/errors.ts';
import { EmailParam, requireOwnEmail, sameEmail } from '#server/http/params.ts';
import { ensureProfile, getProfile, updateProfile } from './accounts.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const bearer = [{ bearer: [] }];
const NOT_YOURS = 'This account is not yours.';
const forbidden = () => new HttpError(403, 'forbidden', NOT_YOURS);

/** A customer's own account: the access token, the role, the profile; and the store's settings. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Exchange the signed-in session (cookie) for the access token',
        params: EmailParam,
        body: z.object({ email: Email }),
        response: { 200: TokenResponse, ...errors },
      },
    },
    async (req) => {
      const session = await app.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
      if (!session) throw new HttpError(401, 'unauthenticated', 'Please sign in to continue.');
      requireOwnEmail(session.user, req.params.email, NOT_YOURS);
      requireOwnEmail(session.user, req.body.email, NOT_YOURS);
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
      if (sameEmail(me.email, req.params.email)) return { admin: me.admin };
      if (!me.admin) throw forbidden();
      const profile = await getProfile(app.db, req.params.email);
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
      if (!me.admin) requireOwnEmail(me, req.params.email, NOT_YOURS);
      return getProfile(app.db, req.params.email);
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
      requireOwnEmail(me, req.params.email, NOT_YOURS);
      await updateProfile(app.db, me.id, req.body);
      return getProfile(app.db, me.email);
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['store'],
        summary: 'What the web app needs to know of this store',
        response: { 200: StoreConfig },
      },
    },
    async () => ({ googleSignIn: app.config.google !== undefined }),
  );
};

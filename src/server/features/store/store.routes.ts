import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreConfig } from '#shared/schemas/store-config.ts';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
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

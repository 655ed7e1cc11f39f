import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas: the UI at /api/docs, the JSON at /api/docs/json. */
export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Torque API',
        description: 'The API of the Torque power-tool store. Errors: {error: {code, message, fields?}}.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});

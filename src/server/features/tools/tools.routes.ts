import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '#shared/schemas/error.ts';
import { CatalogueQuery } from '#shared/schemas/catalogue.ts';
import { CataloguePage, CategoryList, Tool, ToolId, ToolList } from '#shared/schemas/tool.ts';
import { NotFound } from '#server/domain-errors.ts';
import { IdParam } from '#server/http/params.ts';
import { cachedJson, catalogueKeys, replyCached, sendCached } from '#server/http/response-cache.ts';
import { cachedTool, catalogue, listCategories, listTools } from './tools.service.ts';

const NO_TOOL = 'No tool with this id.';

/** GET /categories' answer, from the catalogue's cache. */
async function cachedCategories(app: FastifyInstance): Promise<CategoryList> {
  const cached = await app.catalogue.get(catalogueKeys.categories, async () =>
    cachedJson(await listCategories(app.db)),
  );
  return JSON.parse(cached.body.toString()) as CategoryList;
}

/** The public catalogue. */
export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tools',
    { schema: { tags: ['tools'], summary: 'The catalogue', response: { 200: ToolList } } },
    (req, reply) =>
      replyCached(req, reply, app.catalogue, catalogueKeys.tools, async () =>
        cachedJson(await listTools(app.db)),
      ),
  );

  app.get(
    '/catalogue',
    {
      schema: {
        tags: ['tools'],
        summary: 'The catalogue, searched, filtered and sorted, a page at a time',
        description:
          "`q` matches name and description, in any case, without accents, with a typo; `category` is a slug of GET /categories; `cursor` is the `nextCursor` of the page before; `unmatched` lists the searched words like none of the catalogue's, which the search left out.",
        querystring: CatalogueQuery,
        response: { 200: CataloguePage, 400: ApiError },
      },
    },
    (req, reply) => {
      const { q, category, sort, limit, cursor } = req.query;
      return replyCached(
        req,
        reply,
        app.catalogueSearches,
        JSON.stringify([q, category, sort, limit, cursor]),
        async () => cachedJson(await catalogue(app.db, req.query, () => cachedCategories(app))),
      );
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['tools'],
        summary: 'The categories that have live tools, with their counts',
        response: { 200: CategoryList },
      },
    },
    (req, reply) =>
      replyCached(req, reply, app.catalogue, catalogueKeys.categories, async () =>
        cachedJson(await listCategories(app.db)),
      ),
  );

  app.get(
    '/tool/:id',
    {
      schema: {
        tags: ['tools'],
        summary: 'One tool',
        params: IdParam(ToolId, NO_TOOL),
        response: { 200: Tool, 404: ApiError },
      },
    },
    async (req, reply) => {
      const cached = await cachedTool(app.catalogue, app.db, req.params.id);
      if (cached.empty) throw new NotFound(NO_TOOL);
      return sendCached(req, reply, cached);
    },
  );
};

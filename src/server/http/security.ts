import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '#server/config.ts';

/**
 * Security headers. Documents (the SPA, its assets, the API docs page) get helmet's full set, with
 * a CSP that allows no inline script or style: the SPA is built to satisfy it (react-toastify's
 * CSS is imported as a file, not injected).
 *
 * API answers are JSON that no browser renders, so they get the short set OWASP recommends for
 * REST answers, as one constant object, plus `private, no-cache`: the browser may keep an answer
 * but must revalidate it (ETag, 304), and shared caches never keep it. A route that sets its own
 * cache-control overrides it.
 *
 * helmet's middleware is built once: @fastify/helmet rebuilds it on every request, parsing every
 * directive, which cost a sixth of the catalogue's throughput.
 */
export default fp(async function security(app: FastifyInstance, { config }: { config: Config }) {
  const https = config.publicUrl.startsWith('https:');
  // Stripe.js loads from Stripe and talks to it from its own frames (only when Stripe is on).
  const stripe = config.stripe ? ['https://js.stripe.com'] : [];
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe],
        styleSrc: ["'self'"],
        // Admin-added products may point at an image on any https host.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: config.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading would break a store served over plain http (localhost, a LAN address).
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https,
  });
  const api = apiHeaders(config);
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs')) {
      reply.headers(api);
      done();
    } else {
      documentHeaders(req.raw, reply.raw, () => done());
    }
  });
});

/** The headers of every API answer (see above); hot-answers.ts sends them too. */
export function apiHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'private, no-cache',
    ...(config.publicUrl.startsWith('https:')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * Security headers. The CSP allows no inline script or style: the SPA is built to satisfy it
 * (react-toastify's CSS is imported as a file, not injected).
 */
export default fp(async function security(app: FastifyInstance, { config }: { config: Config }) {
  // Stripe.js loads from Stripe and talks to it from its own frames (only when Stripe is on).
  const stripe = config.stripe ? ['https://js.stripe.com'] : [];
  await app.register(helmet, {
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
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
  });
});

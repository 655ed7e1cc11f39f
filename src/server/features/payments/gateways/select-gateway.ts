import type Stripe from 'stripe';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox.ts';

export interface Gateways {
  gateway: PaymentGateway;
  /** Present when the sandbox gateway runs. */
  sandbox: SandboxGateway | undefined;
  /** Present when the Stripe gateway runs with a webhook secret. */
  stripe: { client: Stripe; webhookSecret: string | undefined } | undefined;
}

/** Stripe when both its keys are configured; the sandbox gateway, inside the server, otherwise. */
export async function selectGateway(config: Config, db: Db): Promise<Gateways> {
  if (!config.stripe) {
    const sandbox = createSandboxGateway(db);
    return { gateway: sandbox, sandbox, stripe: undefined };
  }
  // The Stripe SDK (218 modules) is loaded only when Stripe is configured: it is a tenth of the
  // server's start otherwise.
  const { createStripeClient, createStripeGateway } = await import('./stripe.ts');
  const client = createStripeClient(config.stripe);
  return {
    gateway: createStripeGateway(client, config.stripe),
    sandbox: undefined,
    stripe: { client, webhookSecret: config.stripe.webhookSecret },
  };
}

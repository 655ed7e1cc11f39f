import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives a working store with no variables at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.adminEmails).toEqual([]);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/torque',
      DATABASE_URL: 'postgres://u@db:5432/torque',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
      PUBLIC_URL: 'https://shop.example.com/',
    });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/var/lib/torque');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/torque');
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.publicUrl).toBe('https://shop.example.com');
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/x' }],
    ['ADMIN_EMAILS', { ADMIN_EMAILS: 'boss@example.com,not-an-email' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['AUTH_SECRET', { NODE_ENV: 'production', AUTH_SECRET: ' '.repeat(32) }],
    ['AUTH_SECRET', { NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40) }],
    ['AUTH_SECRET', { AUTH_SECRET: '12345678901234567890123456789012' }],
    ['ORDER_HOLD_HOURS', { ORDER_HOLD_HOURS: '0' }],
    ['ORDER_HOLD_HOURS', { ORDER_HOLD_HOURS: 'two' }],
    ['ORDER_HOLD_HOURS', { ORDER_HOLD_HOURS: '1e12' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache:6379' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes please' }],
    ['DEMO_CATALOGUE', { DEMO_CATALOGUE: 'maybe' }],
    ['MAIL_FROM', { MAIL_FROM: 'Torque' }],
    ['MAIL_REPLY_TO', { MAIL_REPLY_TO: 'help desk' }],
    ['MAIL_REPLY_TO', { MAIL_REPLY_TO: 'Help <not-an-address>' }],
  ])('fails fast naming %s when it is not valid', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n.*${name}`, 's'));
  });

  const secret = 'q7Z!x2Lp9@Vb4#Nm8$Kc3%Rt6^Wy1&Hd';
  const live = {
    NODE_ENV: 'production',
    AUTH_SECRET: secret,
    PUBLIC_URL: 'https://shop.example.com',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  };

  it('takes a random production secret', () => {
    expect(loadConfig(live).authSecret).toBe(secret);
  });

  it.each([
    ['PUBLIC_URL', 'required in production', { PUBLIC_URL: undefined }],
    [
      'STRIPE_SECRET_KEY',
      'required in production',
      { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined },
    ],
    [
      'PAYMENT_GATEWAY',
      'stripe needs STRIPE_SECRET_KEY',
      { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, PAYMENT_GATEWAY: 'stripe' },
    ],
  ])('refuses production without %s (%s)', (name, words, change) => {
    expect(() => loadConfig({ ...live, ...change })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: ${words}`),
    );
  });

  it('charges cards through Stripe in production, or through the sandbox only when told to', () => {
    expect(loadConfig(live).stripe).toMatchObject({ secretKey: 'sk_live_x' });
    const told = {
      ...live,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      PAYMENT_GATEWAY: 'sandbox',
    };
    expect(loadConfig(told).stripe).toBeUndefined();
    expect(loadConfig({ ...live, PAYMENT_GATEWAY: 'sandbox' }).stripe).toBeUndefined();
    // Outside production the sandbox is what no keys give.
    expect(loadConfig({}).stripe).toBeUndefined();
  });

  it('fills a live store with the demo catalogue only when asked to (a staging store)', () => {
    expect(loadConfig(live).demoCatalogue).toBe(false);
    expect(loadConfig({ ...live, DEMO_CATALOGUE: 'true' }).demoCatalogue).toBe(true);
    expect(loadConfig({}).demoCatalogue).toBe(true);
    expect(loadConfig({ DEMO_CATALOGUE: 'false' }).demoCatalogue).toBe(false);
  });

  it("sends a live store's mail from its own domain, with answers going where MAIL_REPLY_TO says", () => {
    const shop = loadConfig({ ...live, PUBLIC_URL: 'https://shop.example' });
    expect(shop.mailFrom).toBe('Torque <no-reply@shop.example>');
    expect(shop.mailReplyTo).toBeUndefined();
    // On a laptop the store is at localhost, and so is its sender.
    expect(loadConfig({}).mailFrom).toBe('Torque <no-reply@localhost>');
    const named = loadConfig({
      ...live,
      MAIL_FROM: 'Torque Tools <orders@torque.example>',
      MAIL_REPLY_TO: 'Torque Support <help@torque.example>',
    });
    expect(named.mailFrom).toBe('Torque Tools <orders@torque.example>');
    expect(named.mailReplyTo).toBe('Torque Support <help@torque.example>');
    expect(loadConfig({ MAIL_REPLY_TO: 'help@torque.example' }).mailReplyTo).toBe('help@torque.example');
  });

  it("takes a variable set to nothing (an env file's PORT=) as unset", () => {
    const config = loadConfig({ PORT: '', ORDER_HOLD_HOURS: ' ', AUTH_RATE_LIMIT: '', DATABASE_URL: '' });
    expect(config).toMatchObject({
      port: 3000,
      orderHoldHours: 2,
      authRateLimit: 10,
      databaseUrl: undefined,
    });
  });

  it('holds unpaid orders two hours by default, and takes fractions of an hour', () => {
    expect(loadConfig({}).orderHoldHours).toBe(2);
    expect(loadConfig({ ORDER_HOLD_HOURS: '0.5' }).orderHoldHours).toBe(0.5);
  });

  it('trusts no proxy by default, or a hop count, or the proxies named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });
});

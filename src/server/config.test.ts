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
  ])('fails fast naming %s when it is not valid', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n.*${name}`, 's'));
  });
});

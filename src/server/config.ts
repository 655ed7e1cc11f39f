import { resolve } from 'node:path';
import { z } from 'zod';

// The one place that reads the environment (STYLE.md habit 6). Parsed once at start; a bad value
// stops the process with a message naming the variable.

const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const Env = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ADMIN_EMAILS: emailList,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: z.string().min(1).default('./dist/web'),
});

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Where the embedded database keeps its files; unused when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmails: string[];
  logLevel: string;
  /** The built SPA (vite build output). */
  webDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminEmails: e.ADMIN_EMAILS,
    logLevel: e.LOG_LEVEL,
    webDir: resolve(e.WEB_DIR),
  };
}

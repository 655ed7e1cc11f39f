// Only for better-auth's CLI (`npx auth generate`), which reads an `auth` instance to print the
// drizzle tables it needs. The running server builds its own instance in
// src/server/auth/better-auth.ts with the same plugins; keep the two lists alike when adding a plugin.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, twoFactor } from 'better-auth/plugins';

export const auth = betterAuth({
  database: drizzleAdapter({}, { provider: 'pg' }),
  emailAndPassword: { enabled: true },
  user: { additionalFields: { role: { type: 'string', defaultValue: 'user', input: false } } },
  plugins: [bearer(), twoFactor()],
});

import { defineConfig } from 'vitest/config';

// Every test runs on PGlite; the server's tests run again on PostgreSQL when TEST_DATABASE_URL
// is set (CI sets it), so both databases are proved by the same tests.
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    globalSetup: ['tests/fixtures/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: [
            'src/**/*.test.ts',
            'src/web/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
          ],
          exclude: ['src/**/*.pg.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(postgres
        ? [
            {
              extends: true,
              test: {
                name: 'postgres',
                include: ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts'],
                // Pure and PGlite-only tests gain nothing from a second run.
                exclude: [
                  'src/server/config.test.ts',
                  'src/server/db/client.test.ts',
                  'src/server/db/data-dir-lock.test.ts',
                ],
                env: { TEST_DB: 'postgres' },
              },
            },
            {
              // Whole server processes against PostgreSQL: faults, several instances. One file at
              // a time: they cut connections and kill processes.
              extends: true,
              test: {
                name: 'system',
                include: ['tests/system/**/*.test.ts'],
                fileParallelism: false,
                testTimeout: 120_000,
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});

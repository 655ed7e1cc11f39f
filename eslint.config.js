import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Forbids files matching `files` to import from the `from` patterns. */
function boundary(files, from, message) {
  return {
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: from, message }] }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      '.data-*/',
      'drizzle/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Imports flow one way (STYLE.md): shared <- server, shared <- web; web never reaches the server.
  boundary('src/server/**', ['**/web/**'], 'server never imports web code'),
  boundary('src/shared/**', ['**/server/**', '**/web/**'], 'shared is isomorphic and imports neither side'),
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'web never imports server code' }],
          paths: [
            {
              name: 'react-toastify',
              message:
                "Use src/web/lib/toast.ts: plain 'react-toastify' injects a <style> the CSP refuses, and keeps a second toast store.",
            },
          ],
        },
      ],
    },
  },
);

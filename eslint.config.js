import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Imports flow one way (STYLE.md): shared <- server, shared <- web; web never reaches the server.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/web', from: './src/server', message: 'web never imports server code' },
            { target: './src/server', from: './src/web', message: 'server never imports web code' },
            {
              target: './src/shared',
              from: ['./src/server', './src/web'],
              message: 'shared is isomorphic and imports neither side',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
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

import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// `#server/…` and `#web/…` are package.json import aliases; a `#` opens a comment in the glob
// (gitignore) patterns, so aliases are matched by regular expressions.

/** Forbids files matching `files` to import the `from` paths or the `alias` (a regular expression). */
function boundary(files, from, alias, message) {
  return {
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: from, message },
            { regex: alias, message },
          ],
        },
      ],
    },
  };
}

const notServer = [
  { group: ['**/server/**'], message: 'web never imports server code' },
  { regex: '^#server/', message: 'web never imports server code' },
];

// The web app's restrictions; no-restricted-imports is one rule, so each zone below repeats these.
function webImports(...patterns) {
  return [
    'error',
    {
      patterns: [...notServer, ...patterns],
      paths: [
        {
          name: 'react-toastify',
          message:
            "Use src/web/lib/toast.ts: plain 'react-toastify' injects a <style> the CSP refuses, and keeps a second toast store.",
        },
      ],
    },
  ];
}

// Web zones (STYLE.md): only app/ (the router, the layout, app/routes/* pages) composes features.
// A feature imports no other feature; components/ and lib/ import no feature at all. Relative paths
// that climb out of a feature are refused too, so the aliases above are the only way out.
const FEATURES = readdirSync(new URL('src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const anotherFeature = (feature) =>
  `features never import another feature (${feature} → …): compose them in src/web/app/routes`;

function featureZone(feature) {
  const message = anotherFeature(feature);
  return {
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': webImports(
        { regex: `^#web/features/(?!${feature}/)`, message },
        { regex: '^(\\.\\./){2,}', message: `${message}; leave a folder through a #web/… alias` },
      ),
      // Dynamic import() is not seen by no-restricted-imports.
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportExpression[source.value=/^#web\\/features\\/(?!${feature}\\/)/]`,
          message,
        },
      ],
    },
  };
}

const noFeatures = 'components/ and lib/ never import a feature: only src/web/app composes features';

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
  boundary('src/server/**', ['**/web/**'], '^#web/', 'server never imports web code'),
  boundary(
    'src/shared/**',
    ['**/server/**', '**/web/**'],
    '^#(server|web)/',
    'shared is isomorphic and imports neither side',
  ),
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': webImports(),
    },
  },
  ...FEATURES.map(featureZone),
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webImports(
        { regex: '^#web/features/', message: noFeatures },
        { regex: '^(\\.\\./)+features/', message: noFeatures },
      ),
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^#web\\/features\\//]', message: noFeatures },
      ],
    },
  },
);

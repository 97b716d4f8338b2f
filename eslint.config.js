import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries of STYLE.md "The house":
 *  - domain/ imports nothing of ours (third-party pure libraries such as valibot are fine);
 *  - machines/ never import React, the DOM layer, Hono or the database;
 *  - only api/ imports Hono and the database drivers; api/ never imports src/ or machines/;
 *  - src/ never imports api/.
 */
const ours = ['#api/*', '#src/*', '#machines/*', '#tests/*', '#locales/*'];
const serverOnly = [
  'hono',
  'hono/*',
  '@hono/*',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/*',
  'pg',
  'nodemailer',
  'node:*',
];

const restrict = (patterns, message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: patterns.map((group) => ({ group: [group], message })) },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'build-*/**',
      'node_modules/**',
      'data/**',
      'src/routeTree.gen.ts',
      'api/db/migrations/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: restrict(
      [...ours, '../*', 'react', 'react-*', 'xstate', '@xstate/*', 'ky', ...serverOnly],
      'domain/ is the pure rule book: it imports nothing of ours and does no I/O.',
    ),
  },
  {
    files: ['machines/**/*.ts'],
    rules: restrict(
      [
        'react',
        'react-dom',
        'react-*',
        '@tanstack/*',
        '#src/*',
        '#api/*',
        '../../src/*',
        '../../api/*',
        ...serverOnly,
      ],
      'machines/ hold flow logic only: no React, no server code.',
    ),
  },
  {
    files: ['api/**/*.ts'],
    rules: restrict(
      [
        '#src/*',
        '#machines/*',
        '../src/*',
        '../../src/*',
        '../machines/*',
        '../../machines/*',
        'react',
        'react-dom',
        'react-*',
        'xstate',
        '@xstate/*',
      ],
      'api/ imports domain/, never src/ or machines/.',
    ),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: restrict(
      [
        '#api/*',
        '../api/*',
        '../../api/*',
        '../../../api/*',
        ...serverOnly.filter((p) => p !== 'node:*'),
      ],
      'src/ talks to the server through machines/ (ky), never by importing api/ or the database.',
    ),
  },
);

// ESLint flat config: `npm run lint` (part of `npm test`). Recommended rules without type
// information, so a whole-repository run stays fast; the type checks are `npm run typecheck`.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      '**/dist/',
      '**/node_modules/',
      '**/coverage/',
      'test-artifacts/',
      'data/',
      'openapi/schema.d.ts',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a parameter or binding kept on purpose (an interface's shape, a skipped tuple item).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // Server, tests, scripts and tool configs run on Node.
  {
    files: ['server/**/*.{ts,js,mjs}', 'test/**/*.{ts,js,mjs}', 'scripts/**/*.{ts,js,mjs}', '*.{js,mjs,cjs,ts,mts}', 'client/*.{mts,ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.{ts,tsx}', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest } },
  },

  // The React client runs in the browser.
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
);

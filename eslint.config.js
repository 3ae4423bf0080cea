// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.tap/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['client/**/*.tsx', 'client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    // Member-facing Korean text lives in the messages modules (decision 0120): shell/common in
    // shared/messages.ts, a page's own in client/pages/<page>/messages.ts, a lazy part's or a
    // shared component's in *-messages.ts beside it, templated ones in shared/messages-form.ts.
    files: ['client/**/*.{ts,tsx}'],
    ignores: [
      '**/messages.ts',
      '**/*-messages.ts',
      '**/*.test.*',
      'client/shell/test-utils.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/[가-힣]/]', 'TemplateElement[value.raw=/[가-힣]/]', 'JSXText[value=/[가-힣]/]'].map(
          (selector) => ({
            selector,
            message:
              "Korean text belongs in a messages module: shared/messages.ts (shell, common), client/pages/<page>/messages.ts (a page's own), *-messages.ts beside a lazy part or component, shared/messages-form.ts (particles) — decision 0120.",
          }),
        ),
      ],
    },
  },
  {
    files: ['scripts/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);

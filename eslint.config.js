// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/**
 * Boundaries (decision 0136): which code may import which. The import string is matched, so each
 * pattern names the '#…' alias and the relative climb alike. server/main.ts is the one file that
 * joins the portal and the reference API (it starts the embedded one), so it is in no zone.
 */
const CLIENT_NOT_SERVER = { regex: '^(#server/|(\\.\\./)+server/)', message: 'client code never imports server code: the browser reaches the server over HTTP (docs/architecture.md).' };
const PAGE_NOT_PAGE = {
  regex: '^#client/pages/|^\\.\\./[^.]',
  message: "a page imports no other page's files: move what two pages share to client/components/, client/forms/ or shared/.",
};
/**
 * React's `lazy` is taken through lazyHere (client/components/lazy-part.tsx, decision 0170): an
 * import that leaving the page cancels waits for the page to come back instead of failing.
 */
const LAZY_HERE = { name: 'react', importNames: ['lazy'], message: "a part in a chunk of its own is made with lazyHere (client/components/lazy-part.tsx): React's lazy alone fails when leaving the page cancels its import." };
/** @param {string[]} files @param {{ regex: string; message: string }[]} patterns @param {(typeof LAZY_HERE)[]} [paths] */
const zone = (files, patterns, paths = []) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns, paths }] } });
const boundaries = [
  zone(['client/**/*.{ts,tsx}'], [CLIENT_NOT_SERVER], [LAZY_HERE]),
  // ESLint keeps one setting of a rule per file: a page gets the client's pattern too.
  zone(['client/pages/**/*.{ts,tsx}'], [CLIENT_NOT_SERVER, PAGE_NOT_PAGE], [LAZY_HERE]),
  // The one place that calls React's lazy.
  zone(['client/components/lazy-part.tsx'], [CLIENT_NOT_SERVER]),
  zone(['shared/**/*.ts'], [{ regex: '^(#(server|client)/|(\\.\\./)+(server|client)/)', message: 'shared/ serves both sides and imports neither client/ nor server/.' }]),
  zone(['server/portal/**/*.ts'], [{ regex: '^#server/homepage-api/|(^|/)homepage-api/', message: 'the portal reaches the reference homepage API only over HTTP (D1); only server/main.ts starts it.' }]),
  zone(['server/homepage-api/**/*.ts'], [{ regex: '^#server/portal/|^(\\.\\./)+portal/', message: 'the reference homepage API imports nothing of the portal (D1).' }]),
];

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
  ...boundaries,
  {
    files: ['scripts/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);

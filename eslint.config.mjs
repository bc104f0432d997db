import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'completions/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Object'][callee.property.name='freeze'] > ObjectExpression > SpreadElement",
          message: 'V8 gives a spread copy it then freezes a hidden class of its own: use frozenCopy (src/store/frozen.ts)',
        },
        {
          // Tried from every position of the text, a trailing-whitespace pattern backtracks over
          // each run of whitespace: quadratic in a page with long runs (indented code).
          selector: 'Literal[regex.pattern=/^(?:[^\\^].*)?\\\\s[*+][$]$/]',
          message: 'a regex ending in \\s*$ or \\s+$ not anchored at ^ takes quadratic time on runs of whitespace: use trimEnd()',
        },
      ],
    },
  },
  {
    // The bin shim is CommonJS so that --version and --help skip the ESM loader.
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

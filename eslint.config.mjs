import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const frozenSpread = {
  selector: "CallExpression[callee.object.name='Object'][callee.property.name='freeze'] > ObjectExpression > SpreadElement",
  message: 'V8 gives a spread copy it then freezes a hidden class of its own: use frozenCopy (src/store/frozen.ts)',
};

const trailingWhitespace = {
  // Tried from every position of the text, a trailing-whitespace pattern backtracks over
  // each run of whitespace: quadratic in a page with long runs (indented code).
  selector: 'Literal[regex.pattern=/^(?:[^\\^].*)?\\\\s[*+][$]$/]',
  message: 'a regex ending in \\s*$ or \\s+$ not anchored at ^ takes quadratic time on runs of whitespace: use trimEnd()',
};

// Views present; services decide. A view is handed records already found and authorized, and who
// they are shown to, and returns the API's shape: it finds, authorizes and refuses nothing.
// \`import { z } from 'zod'\` takes zod's namespace object, whose getters keep every schema type,
// locale and format in the bundle and run their set-up at every start (20M instructions of an
// embedded command); \`import * as z\` used as \`z.object(...)\` lets the bundler keep only what is used.
const zodNamespace = {
  selector: "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier, ImportDefaultSpecifier)",
  message: "import * as z from 'zod': zod's namespace object keeps all of zod in every start-up",
};

const viewsDecideNothing = 'views present what services found and authorized (see docs/architecture.md)';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'completions/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', frozenSpread, trailingWhitespace, zodNamespace],
    },
  },
  {
    files: ['src/server/views/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '../http-error.js', message: `${viewsDecideNothing}: the service throws` },
            {
              name: '../context.js',
              importNames: ['authorize', 'roleIn', 'shareKeyOpensSpace'],
              message: `${viewsDecideNothing}: take the role or viewer as an argument`,
            },
          ],
          patterns: [{ group: ['../services/*', '**/server/services/*'], message: `${viewsDecideNothing}: services use views, never the other way` }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        frozenSpread,
        trailingWhitespace,
        zodNamespace,
        { selector: 'ThrowStatement', message: `${viewsDecideNothing}: a missing or forbidden record is the service's 404 or 403` },
        {
          selector: "MemberExpression[object.name='c'][property.name=/^(caller|shareKey|access)$/]",
          message: `${viewsDecideNothing}: take who the answer is shown to as an argument`,
        },
        {
          selector: 'CallExpression[callee.property.name=/^(read|write)$/]',
          message: `${viewsDecideNothing}: the service opens the transaction and hands the view its tx`,
        },
      ],
    },
  },
  {
    // Rules that need the types: a promise nobody awaits loses its error, and a switch over a
    // union must say what it does with each member (a default counts).
    files: ['src/**/*.ts', 'commands/**/*.ts', 'test/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // The bin shim is CommonJS so that --version and --help skip the ESM loader.
    files: ['bin/**/*.js', '*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

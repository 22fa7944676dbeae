// Type-aware lint for src/ and test/ (kept under .ci/ because the project's top level is fixed).
import tseslint from 'typescript-eslint';

// `import vscode = require('vscode')` is a plain require in the bundle; `import * as vscode` would
// copy the whole API object once per file at every activation (esbuild's ES-module interop).
const VSCODE_IMPORT = {
  selector: "ImportDeclaration[source.value='vscode'][importKind='value']",
  message: "Import vscode as `import vscode = require('vscode')` (a value import copies the API object per file).",
};

// A notification turns `[label](command:…)` into a link; src/services/notify.ts shows them with the
// service's text made inert, so nothing else may.
const NOTIFICATIONS = [
  {
    selector: 'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
    message: "Show notifications through notify() in src/services/notify.ts: it takes text with the service's values made inert.",
  },
  {
    selector: "MemberExpression[object.property.name='ProgressLocation'][property.name='Notification']",
    message: 'Show a progress notification through withNotificationProgress() in src/services/notify.ts.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: new URL('..', import.meta.url).pathname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
      'no-restricted-syntax': ['error', VSCODE_IMPORT, ...NOTIFICATIONS],
    },
  },
  {
    // The one module that shows notifications (it takes only text made inert for them).
    files: ['src/services/notify.ts'],
    rules: { 'no-restricted-syntax': ['error', VSCODE_IMPORT] },
  },
  {
    // Test code and tools may print and poke at loosely typed JSON.
    files: ['test/**/*.ts'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);

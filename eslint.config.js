import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (docs/architecture.md): frontend and functions import shared, never the
 * reverse; infra imports shared and points at functions; features never reach into each other.
 * Expressed with core `no-restricted-imports` patterns so a violation names the rule it breaks.
 */
const restrict = (...patterns) => ['error', { patterns }];
const rule = (group, message) => ({ group, message });

const sharedImportsNothing = rule(
  ['**/functions/**', '**/frontend/**', '**/infra/**', '**/test/**', '@portal/functions*', '@portal/frontend*', '@portal/infra*'],
  'shared is imported by the others and imports none of them.',
);
const notFromFrontend = rule(['**/frontend/**', '@portal/frontend*'], 'Only the frontend imports the frontend.');
const notFromInfra = rule(['**/infra/**', '@portal/infra*'], 'Functions do not depend on infrastructure code.');
const notFromBackend = rule(['**/functions/**', '**/infra/**', '@portal/functions*', '@portal/infra*'], 'The frontend talks to the backend over HTTP only; share code through shared/.');

const zoneMessage = "in the organisation's time zone: use lib/zoned-time.ts or useOrganizationClock (decision 0049)";
/** What reads or formats a date in the browser's zone. */
const ZONE_LESS_TIME = [
  {
    selector: ":matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name='DateTimeFormat']:not(:has(Property[key.name='timeZone']))",
    message: `Intl.DateTimeFormat without timeZone formats in the browser's zone; format ${zoneMessage}.`,
  },
  {
    selector: 'CallExpression[callee.property.name=/^(getFullYear|getMonth|getDate|getDay|getHours|getMinutes|getSeconds|getTimezoneOffset|setFullYear|setMonth|setDate|setHours|setMinutes)$/]',
    message: `Local date getters and setters are the browser's zone; take calendar parts ${zoneMessage}.`,
  },
  {
    selector: 'CallExpression[callee.property.name=/^(toLocaleDateString|toLocaleTimeString|toDateString|toTimeString)$/]',
    message: `Date's own text is the browser's zone; format ${zoneMessage}.`,
  },
  { selector: "NewExpression[callee.name='Date'][arguments.length>1]", message: `new Date(year, month, …) is the browser's zone; build instants ${zoneMessage}.` },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**', 'coverage/**', '.tsb/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-template-curly-in-string': 'off',
    },
  },
  { files: ['frontend/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['shared/**/*.ts'], rules: { 'no-restricted-imports': restrict(sharedImportsNothing) } },
  { files: ['functions/**/*.ts'], rules: { 'no-restricted-imports': restrict(notFromFrontend, notFromInfra) } },
  {
    // A function feature (functions/src/<feature>/) may use platform/, and of another feature only
    // its public.ts, the one way in to that feature's data (decision 0014).
    files: ['functions/src/*/**/*.ts'],
    ignores: ['functions/src/platform/**'],
    rules: {
      'no-restricted-imports': restrict(
        notFromFrontend,
        notFromInfra,
        rule(
          ['../*/**', '!../platform/**', '!../*/public.ts'],
          "A feature does not import another feature's internals: use its public.ts, or move shared code to platform/ or shared/.",
        ),
      ),
    },
  },
  {
    files: ['functions/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(notFromFrontend, notFromInfra, rule(['../../*/**', '!../../platform/**'], 'platform/ does not depend on features.')),
    },
  },
  { files: ['frontend/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(notFromBackend) } },
  {
    // frontend/src/features/<feature>/<part>/file: '../../x' is another feature.
    files: ['frontend/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        notFromBackend,
        rule(['../../*/**', '!../../../**', '../../../features/**', '../../../app/**'], 'A feature does not import another feature or the app; use src/lib or src/ui.'),
      ),
    },
  },
  {
    // One clock (decision 0049): the organisation's time zone decides today, weeks and every time
    // shown, so frontend code formats and takes calendar parts only through lib/zoned-time.ts
    // (useOrganizationClock), never in the browser's zone.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...ZONE_LESS_TIME] },
  },
  // No import cycles in the frontend: test/lint/import-cycles.test.ts walks the import graph (a
  // plugin rule would need eslint-plugin-import-x, whose native resolver npm ci cannot install here).
  { files: ['infra/**/*.ts'], rules: { 'no-restricted-imports': restrict(notFromFrontend) } },
);

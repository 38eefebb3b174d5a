import { basename } from 'node:path';
import { DEMO_DEFAULTS, type DemoSeed } from '../../infra/local/seed.ts';

/**
 * Each browser test file has a demo organisation of its own on its worker's shared portal
 * (e2e-fixture.ts): the demo `npm start` seeds (infra/local/seed.ts), under an administrator and
 * staff e-mail domain named after the file, so no identity belongs to two files' organisations.
 * Names (organisation, groups, templates, staff) are the demo's, the same in every file.
 */

/** `access` for test/e2e/access.e2e.test.ts. */
export const e2eFileKey = (file: string): string => basename(file).replace(/\.e2e\.test\.ts$/, '');

/** The demo seed of a test file's organisation. */
export const e2eFileDemo = (key: string): Required<DemoSeed> => ({
  ...DEMO_DEFAULTS,
  email: `admin@${key}.e2e.local`,
  staffDomain: `${key}.e2e.local`,
});

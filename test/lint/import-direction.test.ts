import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();
async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint enforces the import direction', () => {
  // Loading the config, its plugins and the TypeScript parser is the slow part: once, up front.
  beforeAll(() => eslint.lintText('export {};\n', { filePath: 'frontend/src/lib/x.ts' }), 60_000);

  it('refuses shared importing functions, frontend or infra', async () => {
    expect(await restrictedImports('shared/src/tenancy/x.ts', "import { a } from '../../../functions/src/platform/config.ts';\nexport { a };\n")).toHaveLength(1);
    expect(await restrictedImports('shared/src/tenancy/x.ts', "import { a } from '@portal/frontend/x';\nexport { a };\n")).toHaveLength(1);
  });

  it('refuses the frontend importing functions', async () => {
    expect(await restrictedImports('frontend/src/lib/x.ts', "import { a } from '../../../functions/src/platform/config.ts';\nexport { a };\n")).toHaveLength(1);
  });

  it("refuses a feature importing another feature's internals, in functions and in the frontend", async () => {
    expect(await restrictedImports('functions/src/notifications/x.ts', "import { a } from '../organizations/organizations.service.ts';\nexport { a };\n")).toHaveLength(1);
    expect(await restrictedImports('frontend/src/features/auth/components/x.tsx', "import { a } from '../../organizations/api/get-organizations';\nexport { a };\n")).toHaveLength(1);
  });

  it("allows a feature another feature's public.ts, its one way in (decision 0014)", async () => {
    expect(await restrictedImports('functions/src/devices/x.ts', "import { a } from '../users/public.ts';\nexport { a };\n")).toEqual([]);
    expect(await restrictedImports('functions/src/devices/x.ts', "import { a } from '../users/users.repository.ts';\nexport { a };\n")).toHaveLength(1);
  });

  it('allows the intended directions', async () => {
    expect(await restrictedImports('functions/src/organizations/x.ts', "import { a } from '../platform/config.ts';\nimport { b } from '@portal/shared/tenancy/roles';\nexport { a, b };\n")).toEqual([]);
    expect(await restrictedImports('frontend/src/features/auth/components/x.tsx', "import { a } from '../utils/y';\nimport { b } from '@portal/shared/api/route-table';\nexport { a, b };\n")).toEqual([]);
  });
});

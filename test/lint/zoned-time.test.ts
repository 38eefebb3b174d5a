import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();
async function zoneLess(code: string, filePath = 'frontend/src/features/tasks/components/x.tsx') {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe("lint keeps the frontend on the organisation's clock (decision 0049)", () => {
  // Loading the config and the TypeScript parser is the slow part: once, up front.
  beforeAll(() => eslint.lintText('export {};\n', { filePath: 'frontend/src/lib/x.ts' }), 60_000);

  it("refuses formatting or reading a date in the browser's zone", async () => {
    for (const code of [
      "export const a = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date());\n",
      "export const a = Intl.DateTimeFormat('en').format(new Date());\n",
      'export const a = new Date().getHours();\n',
      'export const a = (d: Date) => d.getDay();\n',
      'export const a = new Date().toLocaleDateString();\n',
      'export const a = new Date(2026, 10, 28);\n',
    ]) {
      expect(await zoneLess(code), code).toHaveLength(1);
    }
  });

  it('allows formatting with a zone, UTC parts and instants', async () => {
    expect(await zoneLess("export const a = (timeZone: string) => new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone }).format(new Date());\n")).toEqual([]);
    expect(await zoneLess("export const a = new Date('2026-11-28T00:00:00Z').getUTCDay() + new Date(Date.now()).getTime();\n")).toEqual([]);
  });

  it('leaves tests free to build local dates', async () => {
    expect(await zoneLess('export const a = new Date(2026, 10, 28).getHours();\n', 'frontend/src/lib/x.test.ts')).toEqual([]);
  });
});

import { writeFileSync } from 'node:fs';
import type { AwsEmulated } from './aws-emulated.ts';

/** Services whose calls no emulator receives: their grants are listed apart, not as unused. */
const NOT_EMULATED = /^(logs|xray|cloudwatch):/i;

export interface HarnessReport {
  neverInvoked: string[];
  deployTime: string[];
  refused: Array<{ caller: string; action: string; resources: string[]; reason: string }>;
  unusedGrants: Array<{ principal: string; statement: string; action: string; resource: string }>;
  notEmulatedGrants: number;
  missingEmulators: string[];
  invocations: Record<string, number>;
}

/** The three lists of issue 27 from one run: functions never invoked, calls refused by a role, grants never used. */
export function harnessReport(portal: AwsEmulated): HarnessReport {
  const unused = portal.ledger.unusedGrants();
  return {
    neverInvoked: [...portal.functions.values()].filter((fn) => fn.invocations === 0).map((fn) => fn.logicalId),
    deployTime: portal.deployTime,
    refused: portal.ledger.refused.map((c) => ({ caller: c.accessKeyId, action: c.action, resources: c.resources, reason: c.reason })),
    unusedGrants: unused.filter((g) => !NOT_EMULATED.test(g.action)),
    notEmulatedGrants: unused.filter((g) => NOT_EMULATED.test(g.action)).length,
    missingEmulators: portal.missing,
    invocations: Object.fromEntries([...portal.functions.values()].map((fn) => [fn.logicalId, fn.invocations])),
  };
}

export function formatReport(report: HarnessReport): string {
  const lines = [
    'aws-emulated report',
    `Functions never invoked (${report.neverInvoked.length}):`,
    ...report.neverInvoked.map((id) => `  - ${id}`),
    `  (deploy-time custom resource providers, not hosted: ${report.deployTime.join(', ') || 'none'})`,
    `Calls refused by the caller's role (${report.refused.length}):`,
    ...report.refused.map((c) => `  - ${c.caller}: ${c.action} on ${c.resources.join(', ')}: ${c.reason}`),
    `Grants never used (${report.unusedGrants.length}; ${report.notEmulatedGrants} more on logs/xray, which no emulator receives):`,
    ...report.unusedGrants.map((g) => `  - ${g.principal} ${g.statement}: ${g.action} on ${g.resource}`),
    `Emulators missing (their services' calls fail, their grants show unused): ${report.missingEmulators.join(', ') || 'none'}`,
  ];
  return lines.join('\n');
}

/** Prints the report and writes it (text and JSON) beside each other; returns it. */
export function printReport(portal: AwsEmulated, file?: string): HarnessReport {
  const report = harnessReport(portal);
  const text = formatReport(report);
  console.log(text);
  if (file) {
    writeFileSync(`${file}.txt`, `${text}\n`);
    writeFileSync(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`);
  }
  return report;
}

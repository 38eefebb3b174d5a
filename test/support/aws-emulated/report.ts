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

/** One line per call a role refused. */
const refusedLines = (report: HarnessReport) => report.refused.map((c) => `  - ${c.caller}: ${c.action} on ${c.resources.join(', ')}: ${c.reason}`);

export function formatReport(report: HarnessReport): string {
  const lines = [
    'aws-emulated report',
    `Functions never invoked (${report.neverInvoked.length}):`,
    ...report.neverInvoked.map((id) => `  - ${id}`),
    `  (deploy-time custom resource providers, not hosted: ${report.deployTime.join(', ') || 'none'})`,
    `Calls refused by the caller's role (${report.refused.length}):`,
    ...refusedLines(report),
    `Grants never used (${report.unusedGrants.length}; ${report.notEmulatedGrants} more on logs/xray, which no emulator receives):`,
    ...report.unusedGrants.map((g) => `  - ${g.principal} ${g.statement}: ${g.action} on ${g.resource}`),
    `Emulators missing (their services' calls fail, their grants show unused): ${report.missingEmulators.join(', ') || 'none'}`,
  ];
  return lines.join('\n');
}

/**
 * The report's counts in a few lines, and every refused call in full (those fail the run). The test
 * run prints this, not the whole report: CI shows the end of a run's output, and 150 lines of unused
 * grants printed after the test summary hid which test had failed.
 */
export function summariseReport(report: HarnessReport, file: string): string {
  return [
    `aws-emulated report (in full: ${file}.txt): ${report.neverInvoked.length} function(s) never invoked (${report.neverInvoked.join(', ') || 'none'}), ${report.unusedGrants.length} grant(s) never used, emulators missing: ${report.missingEmulators.join(', ') || 'none'}`,
    `Calls refused by the caller's role (${report.refused.length}):`,
    ...refusedLines(report),
  ].join('\n');
}

/**
 * Writes the report (text and JSON) beside each other when given a file, and prints it: in full,
 * or, with a file, its summary. Returns it.
 */
export function printReport(portal: AwsEmulated, file?: string): HarnessReport {
  const report = harnessReport(portal);
  const text = formatReport(report);
  if (!file) {
    console.log(text);
    return report;
  }
  writeFileSync(`${file}.txt`, `${text}\n`);
  writeFileSync(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(summariseReport(report, file));
  return report;
}

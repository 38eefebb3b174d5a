import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { useE2e } from '../support/e2e-fixture.ts';
import { arrowToOption, tabTo } from '../support/keyboard.ts';

/**
 * /reports in Chromium (issue 32, decision 0087), what only a browser shows: by keyboard alone a
 * period is chosen and kept in the address, a report switched, its by-person table opened on
 * demand, and a table and the raw rows saved as CSV files a spreadsheet reads; the charts arrive
 * after the tables, in a chunk of their own. The file's organisation has the demo's four weeks of
 * history (test/support/e2e-organizations.ts), so every table has rows.
 */

/** The CSV a download saved: its byte-order mark, then its lines (CRLF). */
async function csvLines(download: { path(): Promise<string> }): Promise<string[]> {
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(1, -2).split('\r\n');
}

const search = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('reports in Chromium (issue 32)', () => {
  const e2e = useE2e();

  it('by keyboard: a period, another report, by person on demand, a table and the raw rows as CSV', { timeout: 120_000 }, async () => {
    const page = await e2e.signedIn();
    const main = page.getByRole('main');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL((url) => url.pathname === e2e.orgPath('/reports'));

    // The actions of the last 30 days: figures, tables with their captions, then the chart.
    await main.getByRole('heading', { name: 'Actions in this period' }).waitFor({ timeout: 20_000 });
    const byTemplate = main.getByRole('table', { name: /^Actions, By template, / });
    await byTemplate.getByRole('rowheader', { name: 'Help at the bottle return' }).waitFor();
    expect(await byTemplate.getByRole('columnheader').allTextContents()).toEqual([
      'Template',
      'Sent',
      'Acceptance rate',
      'Time to first accept (median)',
      'Time to first accept (90th percentile)',
      'Escalated',
      'Expired',
    ]);
    await main.getByRole('table', { name: /^Actions, By hour of day, / }).getByRole('rowheader', { name: /^\d{2}:00–\d{2}:59$/ }).first().waitFor();
    await main.getByRole('img', { name: /^Time to first accept per day \(median\), .+: lowest .+, highest .+\.$/ }).waitFor();

    // The period, by keyboard: the last 7 days, kept in the address; the range says its days.
    const period = main.getByRole('combobox', { name: 'Period' });
    await tabTo(page, period);
    await arrowToOption(page, period, 'Last 7 days');
    await vi.waitFor(() => expect(search(page, 'range')).toBe('7'), { timeout: 10_000 });
    await main.getByText(/\(7 days\)$/).waitFor();
    // A custom period starts from the days shown, its two dates in the address and in its fields.
    await arrowToOption(page, period, 'Custom');
    await main.getByLabel('From', { exact: true }).waitFor();
    await vi.waitFor(() => expect([search(page, 'range'), search(page, 'from')?.length, search(page, 'to')?.length]).toEqual(['custom', 10, 10]), { timeout: 10_000 });
    expect([await main.getByLabel('From', { exact: true }).inputValue(), await main.getByLabel('To', { exact: true }).inputValue()]).toEqual([search(page, 'from'), search(page, 'to')]);
    await arrowToOption(page, period, 'Last 30 days');
    await vi.waitFor(() => expect([search(page, 'range'), search(page, 'from')]).toEqual(['30', null]), { timeout: 10_000 });

    // Another report: the tabs move with the arrow keys.
    await tabTo(page, main.getByRole('tab', { name: 'Actions' }));
    await page.keyboard.press('ArrowRight');
    await vi.waitFor(() => expect(search(page, 'tab')).toBe('tasks'), { timeout: 10_000 });
    await main.getByRole('heading', { name: 'Tasks in this period' }).waitFor({ timeout: 20_000 });
    expect(await main.getByRole('tab', { name: 'Tasks' }).evaluate((tab) => tab === document.activeElement)).toBe(true);

    // By person: asked for only when opened.
    const people: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/reports/tasks/people')) people.push(request.url());
    });
    const show = main.getByRole('button', { name: 'Show by person' });
    await tabTo(page, show);
    expect(people).toEqual([]);
    await page.keyboard.press('Enter');
    await main.getByRole('button', { name: 'Hide by person', expanded: true }).waitFor();
    await main.getByRole('heading', { name: 'By person' }).or(main.getByText('Nobody completed or declined a task in this period.')).waitFor({ timeout: 20_000 });
    expect(people).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);

    // Back to the actions: its template table as CSV, its first lines as the table shows them.
    await tabTo(page, main.getByRole('tab', { name: 'Tasks' }));
    await page.keyboard.press('ArrowLeft');
    await byTemplate.waitFor({ timeout: 20_000 });
    await tabTo(page, main.getByRole('button', { name: 'Export CSV: By template' }));
    const [table] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(table.suggestedFilename()).toMatch(/^report-actions-template-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = await csvLines(table);
    expect(lines[0]).toBe('Template,Id,Sent,Acceptance rate (%),Time to first accept (median) (s),Time to first accept (90th percentile) (s),Escalated (%),Expired (%)');
    const bottle = lines.find((line) => line.startsWith('Help at the bottle return,'));
    expect(bottle).toMatch(/^Help at the bottle return,[^,]+,\d+,\d+(\.\d)?,\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d)?,\d+(\.\d)?$/);
    // The count in the file is the one on the page.
    const sent = await byTemplate.getByRole('row', { name: /^Help at the bottle return/ }).getByRole('cell').first().textContent();
    expect(bottle!.split(',')[2]).toBe(sent!.replace(/\D/g, ''));

    // The raw rows behind the report, paged through the rows route, with their count said.
    await tabTo(page, main.getByRole('button', { name: 'Export raw rows (CSV): Actions' }));
    const [raw] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    await main.getByRole('status').filter({ hasText: /^Exported \d+ rows\.$/ }).waitFor();
    expect(raw.suggestedFilename()).toMatch(/^report-actions-rows-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = await csvLines(raw);
    expect(rows[0]!.startsWith('Item id,Time,Day,Hour,')).toBe(true);
    // Each time in the organisation's offset (Europe/Berlin), its day and hour those of that clock.
    for (const line of rows.slice(1, 6)) expect(line).toMatch(/^[^,]+,(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}:\d{2}\+0[12]:00,\1,(\d{1,2}),/);
    const exported = Number((await main.getByRole('status').filter({ hasText: /^Exported/ }).textContent())!.match(/\d+/)![0]);
    expect(rows.length - 1).toBe(exported);
  });
});

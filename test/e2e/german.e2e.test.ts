import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { signedInWalk, topLevelWalk, type WalkIds, type WalkStop } from '../support/accessibility-walk.ts';
import { tag, uniqueEmail, useE2e } from '../support/e2e-fixture.ts';
import { navigate, settle } from '../support/page-settle.ts';
import { addPeopleInGroup, call, idToken } from '../support/seed-users.ts';
import { createWalkEntities } from '../support/walk-entities.ts';

/**
 * Spec 000/001 and the developers' guide: German complete on every built page. The walk is the
 * accessibility walk's (test/support/accessibility-walk.ts, from the app's path table, so new
 * routes join it), here with the language switched to German: every visible text, aria-label,
 * placeholder, title and alt is collected and a string left in English fails the test, listed.
 *
 * English is recognised two ways: a string that is an English text of the locales whose German
 * differs (it was not translated where it shows), and a word that exists only in English (it was
 * hard-coded, or comes from a library). Data the test created or the seed holds, emails, numbers
 * and the few words German shares with English are left out.
 */

/** Words German uses as they are: product names, loan words, units. */
const SAME_IN_BOTH = new Set(['dashboard', 'tablet', 'tablets', 'team', 'status', 'name', 'details', 'design', 'admin', 'manager', 'json', 'url', 'id', 'pin', 'faq', 'ok', 'android', 'wear', 'os', 'mqtt', 'entra', 'e-mail', 'demo']);

/**
 * Words that exist only in English (or mean something else in German), common on a portal's
 * screens. Deliberately short: the locale check finds every other untranslated string.
 */
const ENGLISH_ONLY = new Set(
  (
    'the and of to your you with for is are this that not no yet will be can cannot please try again here click show hide more less ' +
    'search save cancel delete edit close add create new loading users user group groups everyone devices device settings notifications ' +
    'notification message messages sign signed out password email required invalid help contact us menu account language ' +
    'monday tuesday wednesday thursday friday saturday sunday today tomorrow send sent schedule scheduled template templates title ' +
    'time date first last next previous back home page found error failed success saved created deleted changed select choose filter ' +
    'sort newest oldest by from on off at none clear input submit remove copy inspect open view tasks actions shift planner knowledge centre'
  ).split(' '),
);

const FRONTEND = join(import.meta.dirname, '../../frontend/src');

/** Each namespace's locale of a language: app/locales and every feature's. */
function locales(language: 'en' | 'de'): Map<string, unknown> {
  const files = new Map<string, string>([['app', join(FRONTEND, 'app/locales', `${language}.json`)]]);
  for (const feature of readdirSync(join(FRONTEND, 'features'))) files.set(feature, join(FRONTEND, 'features', feature, 'locales', `${language}.json`));
  return new Map([...files].filter(([, file]) => existsSync(file)).map(([namespace, file]) => [namespace, JSON.parse(readFileSync(file, 'utf8')) as unknown]));
}

/** Every English locale text whose German differs, with the key it comes from. */
function untranslatedTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (english: unknown, german: unknown, key: string) => {
    if (typeof english === 'string') {
      if (english !== german && english.trim()) texts.set(english.trim(), key);
      return;
    }
    if (!english || typeof english !== 'object') return;
    for (const [child, value] of Object.entries(english)) walk(value, (german as Record<string, unknown> | undefined)?.[child], `${key}.${child}`);
  };
  const german = locales('de');
  for (const [namespace, english] of locales('en')) walk(english, german.get(namespace), namespace);
  return texts;
}

/** What a page shows a person or a screen reader: visible text nodes, labels, placeholders, titles. */
async function shownStrings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const add = (value: string | null | undefined) => {
      const text = value?.replace(/\s+/g, ' ').trim();
      if (text) found.add(text);
    };
    const visible = (element: Element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    // Raw JSON (the inspect views, preformatted) is data, not interface text; so is what the page
    // marks as not to be translated (stored values: the audit trail's before and after).
    const isData = (element: Element) => element.closest('pre, [translate="no"]') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || isData(parent) || parent.closest('script, style')) continue;
      if (parent.closest('option') ? visible(parent.closest('select')!) : visible(parent)) add(node.textContent);
    }
    for (const element of Array.from(document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))) {
      if (isData(element) || !visible(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) add(element.getAttribute(name));
    }
    add(document.title);
    return [...found];
  });
}

const EMAIL = /[\w.+-]+@[\w.-]+\.\w+/g;
/** Colour values (#039BE5) are data too. */
const HEX_COLOUR = /#[0-9a-f]{3,8}\b/gi;

/** Why a shown string is English, or undefined when it is not. */
function englishIn(text: string, data: readonly string[], untranslated: ReadonlyMap<string, string>): string | undefined {
  let rest = text;
  // Longest first, so 'Demo Organization' goes before 'Demo'.
  for (const value of data) rest = rest.split(value).join(' ');
  rest = rest.replace(EMAIL, ' ').replace(HEX_COLOUR, ' ').trim();
  if (!rest) return undefined;
  const key = untranslated.get(rest);
  if (key) return `the English text of ${key}`;
  const words = rest.toLowerCase().match(/[a-zäöüß]+(?:-[a-zäöüß]+)*/g) ?? [];
  const english = words.filter((word) => ENGLISH_ONLY.has(word) && !SAME_IN_BOTH.has(word));
  return english.length ? `English word${english.length > 1 ? 's' : ''} ${english.join(', ')}` : undefined;
}

describe('German on every built page: no string left in English', () => {
  const e2e = useE2e();
  const untranslated = untranslatedTexts();
  let ids: WalkIds;
  /** Names and titles the seed holds and this test created: data, shown as entered. */
  let data: string[] = [];

  beforeAll(async () => {
    const orgId = e2e.orgId;
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    const api = <T>(method: string, path: string, body?: unknown) => call<T>(e2e.url(), token, method, `/organizations/${orgId}${path}`, body);
    const people = await addPeopleInGroup(
      e2e.url(),
      token,
      orgId,
      [{ email: uniqueEmail('jana'), password: 'German-Pass-1!', firstname: 'Jana', lastname: `Schmidt${tag(4)}`, accessLevel: 'employee' }],
      { name: `Küche ${tag(4)}`, color: '#43A047' },
    );
    const names = { watch: 'Uhr', tablet: 'Kiosk', tabletTemplate: 'Hausfarben', title: 'Kasse', body: 'Wer kann helfen?', shiftActivity: 'Kassendienst' };
    ids = await createWalkEntities(e2e.url(), token, { orgId, userId: people.userIds[0]!, groupId: people.groupId }, names);
    // Every dashboard on, so /dashboard/custom and its edit card are walked in German too.
    await e2e.portal.seed.setFeatures(orgId, {}, ['tasks', 'actions', 'custom']);
    // Everything stored that a page may show: the people (the seeded superadmin too), groups other
    // than the built-in one (whose name must show translated), devices, the organisation.
    const users = await api<{ items: Array<{ firstname: string; lastname: string }> }>('GET', '/users');
    const groups = await api<Array<{ name: string; type: string }>>('GET', '/user-groups');
    const devices = await api<{ items: Array<{ name?: string; device_id: string }> }>('GET', '/devices');
    // The demo's action templates ("Cashier needed at till 3") are data in the seed's language.
    const actionTemplates = await api<{ items: Array<{ title: string }> }>('GET', '/action-templates');
    // So are its task templates ("Clean the bottle return"), with their texts and checklists.
    const taskTemplates = await api<{ items: Array<{ title: string; task: { content: { body: { text: string }; checklist: Array<{ title: { text: string } }> } } }> }>('GET', '/task-templates');
    // The demo's shift activities ("Bottle return") too.
    const activities = await api<{ items: Array<{ name: string }> }>('GET', '/shift-activity-types');
    // And its triggers and trigger groups ("Help at bottle return", "Shop floor kiosk").
    const triggers = await api<{ items: Array<{ name: string }> }>('GET', '/triggers');
    const triggerGroups = await api<{ items: Array<{ name: string; description: string }> }>('GET', '/trigger-groups');
    // The live day's notification ("Team meeting at 14:00", decision 0051); its actions and tasks carry the templates' texts.
    const sent = await api<{ items: Array<{ content: { title: { text: string }; body: { text: string } } }> }>('GET', '/notifications?tab=sent');
    data = [
      DEMO_DEFAULTS.organizationName,
      ...users.items.flatMap((user) => [`${user.firstname} ${user.lastname}`, user.firstname, user.lastname]),
      ...groups.filter((group) => group.type !== 'everyone').map((group) => group.name),
      ...devices.items.flatMap((device) => [device.device_id, device.name ?? '']),
      ...actionTemplates.items.map((template) => template.title),
      ...taskTemplates.items.flatMap((template) => [template.title, template.task.content.body.text, ...template.task.content.checklist.map((item) => item.title.text)]),
      ...activities.items.map((activity) => activity.name),
      ...triggers.items.map((trigger) => trigger.name),
      ...triggerGroups.items.flatMap((group) => [group.name, group.description]),
      ...sent.items.flatMap((notification) => [notification.content.title.text, notification.content.body.text]),
      names.tabletTemplate,
      names.title,
      names.body,
      // IANA zone names (the time-zone picker of /settings/general) are identifiers: America/New_York stays as it is.
      ...Intl.supportedValuesOf('timeZone'),
    ]
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
  });

  /** Switches to German with the language picker the page shows, and waits for the German strings. */
  async function switchToGerman(page: Page): Promise<void> {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.locator('html[lang="de"]').waitFor();
  }

  /** Every English string the page shows now, named for the failure message. */
  async function englishOn(page: Page, where: string): Promise<string[]> {
    return (await shownStrings(page)).flatMap((text) => {
      const why = englishIn(text, data, untranslated);
      return why ? [`${where}: "${text}" (${why})`] : [];
    });
  }

  /** The overlays a page opens in place: the recipient picker's choices (the built-in group among them). */
  async function inPlaceOverlays(page: Page, where: string): Promise<string[]> {
    const picker = page.locator('input.recipient-picker__input:not([readonly])').first();
    if (!(await picker.count()) || !(await picker.isVisible())) return [];
    // A form can turn its picker read-only as the page lives on (a task of the demo's live day
    // starting: content only), so a click that finds no editable picker any more has nothing to open.
    if (!(await picker.click({ timeout: 5_000 }).then(() => true, () => false))) {
      if (await picker.count()) await picker.click();
      else return [];
    }
    await page.getByRole('listbox').first().waitFor();
    const findings = await englishOn(page, `${where}, recipient choices`);
    await page.keyboard.press('Escape');
    return findings;
  }

  /**
   * Opens each stop in the app, as the accessibility walk does (no reload per stop), and lists
   * every English string of each page it lands on, once per page.
   */
  async function walk(page: Page, stops: WalkStop[]): Promise<string[]> {
    const findings: string[] = [];
    const seen = new Set<string>();
    await settle(page);
    for (const stop of stops) {
      await navigate(page, stop.url);
      await settle(page);
      const landed = new URL(page.url());
      const where = landed.pathname + landed.search;
      if (seen.has(where)) continue;
      seen.add(where);
      expect(await page.evaluate(() => document.documentElement.lang), where).toBe('de');
      findings.push(...(await englishOn(page, `${stop.name} (${where})`)));
      findings.push(...(await inPlaceOverlays(page, `${stop.name} (${where})`)));
    }
    return findings;
  }

  it('recognises English and leaves German, data and shared words alone', () => {
    expect(englishIn('Search', [], untranslated)).toBeDefined();
    expect(englishIn('Everyone', [], untranslated)).toBeDefined();
    expect(englishIn('Suchen', [], untranslated)).toBeUndefined();
    expect(englishIn('Alle', [], untranslated)).toBeUndefined();
    expect(englishIn('Status: Team Dashboard', [], untranslated)).toBeUndefined();
    expect(englishIn('Sent by admin@demo.local at 10:00', [], untranslated)).toBeDefined();
    expect(englishIn('admin@demo.local 10:00', [], untranslated)).toBeUndefined();
    expect(englishIn('Kitchen for everyone', ['Kitchen for everyone'], untranslated)).toBeUndefined();
    expect(englishIn('#039BE5', [], untranslated)).toBeUndefined();
  });

  it('signed out: sign-in (also after a failed attempt) and sign-up', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/signin'));
    await switchToGerman(page);
    const findings = await walk(page, topLevelWalk('signedOut', ids));

    // The server's refusal of a wrong password, in German.
    await page.goto(e2e.url('/signin'));
    await page.getByLabel('E-Mail').fill(e2e.admin.email);
    await page.getByLabel('Passwort', { exact: true }).fill('Not-the-password-1!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    // The server's refusal by its name, not the generic 'Failed to authenticate'.
    await page.getByRole('alert').filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' }).waitFor();
    findings.push(...(await englishOn(page, 'sign-in, failed')));

    expect(findings).toEqual([]);
  });

  it('as the superadmin: every route and overlay of the path table', { timeout: 600_000 }, async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/signin'));
    await switchToGerman(page);
    await page.getByLabel('E-Mail').fill(e2e.admin.email);
    await page.getByLabel('Passwort', { exact: true }).fill(e2e.admin.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });

    const findings = await walk(page, signedInWalk(ids));

    // The account menu (language, organisation switch, sign-out).
    await e2e.open(page, '/users');
    await settle(page);
    await page.locator('.user-menu__button').click();
    await page.getByRole('dialog', { name: 'Konto' }).waitFor();
    findings.push(...(await englishOn(page, 'account menu')));

    expect(findings).toEqual([]);
  });
});

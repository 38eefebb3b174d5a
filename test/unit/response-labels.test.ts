import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portal/shared/constants';
import { ACTION_RESPONSES } from '@portal/shared/actions/action-states';
import { RESPONSE_COUNT_KEYS } from '@portal/shared/actions/response-status';

/**
 * One status, one word (issue 28): the dashboard's actions panel and an action's details name each
 * response of the one status rule (shared/src/actions/response-status.ts) with the same label, in
 * every language. The two features keep their own namespaces (each loads only its own strings).
 */
const labelsOf = (language: string, feature: 'actions' | 'dashboard') => {
  const file = new URL(`../../frontend/src/features/${feature}/locales/${language}.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { responses?: Record<string, string> }).responses ?? {};
};

describe('response labels', () => {
  it.each(LANGUAGES.map((language) => [language]))('are the same words on the dashboard and in the details (%s)', (language) => {
    const details = labelsOf(language, 'actions');
    const dashboard = labelsOf(language, 'dashboard');
    for (const response of ACTION_RESPONSES) {
      expect([response, dashboard[RESPONSE_COUNT_KEYS[response]]]).toEqual([response, details[response]]);
      expect(details[response], `${language} ${response}`).toBeTruthy();
    }
  });
});

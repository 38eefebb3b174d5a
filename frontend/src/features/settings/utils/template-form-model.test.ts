import { describe, expect, it } from 'vitest';
import type { TabletTemplateDto } from '@portal/shared/devices/tablet-template.schema';
import { canSaveTemplate, designSettingsOfFile, toTemplateBody, toTemplateFormValues } from './template-form-model.ts';

const template: TabletTemplateDto = { id: 't1', name: 'Lobby', design_settings: { color: 'red' }, created_at: '', updated_at: '' };

describe('design template form', () => {
  it('needs a name and a settings file to save', () => {
    const empty = toTemplateFormValues();
    expect(canSaveTemplate(empty)).toBe(false);
    expect(canSaveTemplate({ ...empty, name: 'Lobby' })).toBe(false);
    expect(canSaveTemplate({ ...empty, name: '  ', design_settings: {} })).toBe(false);
    expect(canSaveTemplate({ ...empty, name: 'Lobby', design_settings: {} })).toBe(true);
    // Editing keeps the stored settings, so a new file is not required.
    expect(canSaveTemplate(toTemplateFormValues(template))).toBe(true);
  });

  it('stores the file’s design_settings key under the trimmed name', () => {
    const file = designSettingsOfFile('lobby.json', JSON.stringify({ version: 2, design_settings: { logo: 'x.png', colors: ['#fff'] } }));
    expect(file).toEqual({ ok: true, settings: { logo: 'x.png', colors: ['#fff'] } });
    if (!file.ok) throw new Error('unreachable');
    expect(toTemplateBody({ name: ' Lobby ', design_settings: file.settings, fileName: 'lobby.json' })).toEqual({
      name: 'Lobby',
      design_settings: { logo: 'x.png', colors: ['#fff'] },
    });
  });

  it('reports a file that is not JSON or has no design_settings object', () => {
    expect(designSettingsOfFile('a.json', 'not json')).toMatchObject({ ok: false });
    expect(designSettingsOfFile('b.json', '{"design_settings": [1]}')).toMatchObject({ ok: false, reason: expect.stringContaining('b.json') });
    expect(designSettingsOfFile('c.json', '{}')).toMatchObject({ ok: false });
  });
});

import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { DESIGN_SETTINGS_MAX_BYTES, readDesignSettings, tabletTemplateSchema, utf8Length } from './tablet-template.schema.ts';

async function errorsOf(value: unknown) {
  try {
    await tabletTemplateSchema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries((error as ValidationError).inner.map((e) => [e.path, e.message]));
  }
}

describe('tablet template schema', () => {
  it('needs a name and a settings object', async () => {
    expect(await errorsOf({})).toEqual({ name: 'Name is required', design_settings: 'A settings file is required' });
    expect(await errorsOf({ name: 'Lobby', design_settings: ['not', 'an', 'object'] })).toEqual({ design_settings: 'A settings file is required' });
    expect(await errorsOf({ name: 'Lobby', design_settings: 'text' })).toEqual({ design_settings: 'A settings file is required' });
  });

  it('keeps the settings object whole (no keys stripped)', () => {
    const design = { colors: { primary: '#fff' }, buttons: [{ id: 1 }] };
    expect(tabletTemplateSchema.cast({ name: ' Lobby ', design_settings: design }, { stripUnknown: true })).toEqual({ name: 'Lobby', design_settings: design });
  });

  it('refuses settings above 300 KB', async () => {
    const big = { blob: 'x'.repeat(DESIGN_SETTINGS_MAX_BYTES) };
    expect(await errorsOf({ name: 'Big', design_settings: big })).toEqual({ design_settings: 'The settings file is too large (at most 300 KB)' });
  });

  it('counts UTF-8 bytes', () => {
    expect(utf8Length('aä€😀')).toBe(1 + 2 + 3 + 4);
  });

  it('reads the design_settings key of a settings file, and nothing from a broken one', () => {
    expect(readDesignSettings('{"design_settings":{"a":1},"other":2}')).toEqual({ a: 1 });
    expect(readDesignSettings('{"design_settings":[1]}')).toBeUndefined();
    expect(readDesignSettings('not json')).toBeUndefined();
  });
});

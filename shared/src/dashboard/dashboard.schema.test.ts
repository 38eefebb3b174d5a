import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, dashboardDateQuerySchema, dashboardSettingsSchema } from './dashboard.schema.ts';

const settingsError = async (body: unknown) => {
  try {
    await dashboardSettingsSchema.validate(body, { abortEarly: true });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('dashboard settings schema', () => {
  it('accepts ordered, unique panels, and none', async () => {
    await expect(dashboardSettingsSchema.validate({ panels: ['tasks', 'shifts', 'actions'] })).resolves.toEqual({ panels: ['tasks', 'shifts', 'actions'] });
    await expect(dashboardSettingsSchema.validate({ panels: [] })).resolves.toEqual({ panels: [] });
  });

  it('refuses unknown, non-text and repeated panels with the product messages', async () => {
    expect(await settingsError({ panels: ['weather'] })).toBe(DASHBOARD_MESSAGES.unknownPanel);
    expect(await settingsError({ panels: [3] })).toBe(DASHBOARD_MESSAGES.unknownPanel);
    expect(await settingsError({ panels: ['x'.repeat(5000)] })).toBe(DASHBOARD_MESSAGES.unknownPanel);
    expect(await settingsError({ panels: ['tasks', 'tasks'] })).toBe(DASHBOARD_MESSAGES.duplicatePanel);
    expect(await settingsError({ panels: 'tasks' })).toBe('Panels must be a list');
    expect(await settingsError({})).toBe('Panels is required');
    expect(await settingsError({ panels: ['tasks', 'actions', 'shifts', 'tasks'] })).toBe('Panels must have at most 3 items');
  });
});

describe('dashboard date query', () => {
  it('takes a real date or none', async () => {
    await expect(dashboardDateQuerySchema.validate({ date: '2026-11-23' })).resolves.toEqual({ date: '2026-11-23' });
    await expect(dashboardDateQuerySchema.validate({})).resolves.toEqual({});
  });

  it('refuses anything else with the product message', async () => {
    for (const date of ['2026-02-30', '23.11.2026', '2026-11-23T00:00', '', 'x'.repeat(100)])
      await expect(dashboardDateQuerySchema.validate({ date })).rejects.toThrow(DASHBOARD_MESSAGES.invalidDate);
  });
});

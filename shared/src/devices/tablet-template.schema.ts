import { mixed, object, string, type InferType } from 'yup';
import { id } from '../validation/fields.ts';
import { serverMessages } from '../api/server-messages.ts';

/** design_settings is kept below DynamoDB's 400 KB item limit (docs/data-model.md, AP37). */
export const DESIGN_SETTINGS_MAX_BYTES = 300 * 1024;
export const TEMPLATE_NAME_MAX = 100;

export type DesignSettings = Record<string, unknown>;

export const TABLET_TEMPLATE_MESSAGES = serverMessages('tabletTemplates', {
  notFound: 'Design template not found',
  nameRequired: 'Name is required',
  fileRequired: 'A settings file is required',
  fileTooLarge: 'The settings file is too large (at most 300 KB)',
} as const);

export function isPlainObject(value: unknown): value is DesignSettings {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** UTF-8 size of a string, without Buffer or TextEncoder (shared runs in both places). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * Tablet design template (spec 001 §3, §5: a name and a settings file are needed). The form reads
 * the chosen JSON file and sends its `design_settings` key, an object.
 */
export const tabletTemplateSchema = object({
  name: string().trim().required(TABLET_TEMPLATE_MESSAGES.nameRequired).max(TEMPLATE_NAME_MAX, `Name must be at most ${TEMPLATE_NAME_MAX} characters`),
  // mixed, not object(): an object schema without fields would strip every key of the settings.
  design_settings: mixed<DesignSettings>()
    .required(TABLET_TEMPLATE_MESSAGES.fileRequired)
    .test('settings-object', TABLET_TEMPLATE_MESSAGES.fileRequired, (value) => value === undefined || isPlainObject(value))
    .test('settings-size', TABLET_TEMPLATE_MESSAGES.fileTooLarge, (value) => !isPlainObject(value) || utf8Length(JSON.stringify(value)) <= DESIGN_SETTINGS_MAX_BYTES),
});
export type TabletTemplateInput = InferType<typeof tabletTemplateSchema>;

export const tabletTemplatePathSchema = object({
  orgId: id('Organization id').required('Organization id is required'),
  templateId: id('Template id').required('Template id is required'),
});

/**
 * The `design_settings` key of a chosen settings file, or undefined when the text is not JSON or
 * has no such object (the form only logs that, spec 001 §8).
 */
export function readDesignSettings(fileText: string): DesignSettings | undefined {
  try {
    const parsed: unknown = JSON.parse(fileText);
    const settings = isPlainObject(parsed) ? parsed.design_settings : undefined;
    return isPlainObject(settings) ? settings : undefined;
  } catch {
    return undefined;
  }
}

export interface TabletTemplateSummary {
  id: string;
  name: string;
}

export interface TabletTemplateDto extends TabletTemplateSummary {
  design_settings: DesignSettings;
  created_at: string;
  updated_at: string;
}

import { readDesignSettings, type DesignSettings, type TabletTemplateDto, type TabletTemplateInput } from '@portal/shared/devices/tablet-template.schema';

export interface TemplateFormValues {
  name: string;
  /** The `design_settings` key of the chosen JSON file (or the stored one when editing). */
  design_settings: DesignSettings | undefined;
  /** The chosen file's name, for display; '' before one is chosen. */
  fileName: string;
}

export function toTemplateFormValues(template?: TabletTemplateDto): TemplateFormValues {
  return { name: template?.name ?? '', design_settings: template?.design_settings, fileName: '' };
}

/** Spec 001 §5: a name and a settings file are needed to save. */
export function canSaveTemplate(values: TemplateFormValues): boolean {
  return values.name.trim() !== '' && values.design_settings !== undefined;
}

export function toTemplateBody(values: TemplateFormValues): TabletTemplateInput {
  return { name: values.name.trim(), design_settings: values.design_settings ?? {} };
}

export type FileReadResult = { ok: true; settings: DesignSettings } | { ok: false; reason: string };

/** A chosen file's text to its design settings, or why not (the form only logs that, spec 001 §8). */
export function designSettingsOfFile(fileName: string, text: string): FileReadResult {
  const settings = readDesignSettings(text);
  return settings ? { ok: true, settings } : { ok: false, reason: `${fileName} has no design_settings object (or is not JSON)` };
}

/** Reads a chosen file as text (browser FileReader). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

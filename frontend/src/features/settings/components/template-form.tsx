import { useId } from 'react';
import { Flex, Label, Text, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import type { TabletTemplateDto } from '@portal/shared/devices/tablet-template.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { SideCard } from '../../../ui/side-card.tsx';
import { useSaveTabletTemplate } from '../api/tablet-templates.ts';
import { canSaveTemplate, designSettingsOfFile, readFileText, toTemplateBody, toTemplateFormValues, type TemplateFormValues } from '../utils/template-form-model.ts';

/** A design template in a side card: a name and a JSON file whose `design_settings` key is stored (spec 001 §3, §5). */
export function TemplateForm({ template, onClose, onSaved }: { template?: TabletTemplateDto; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('settings');
  const save = useSaveTabletTemplate(useOrganizationContext().organization.id);
  const { run, error } = useFormAction();
  const fileId = useId();

  async function submit(values: TemplateFormValues, helpers: FormikHelpers<TemplateFormValues>) {
    const message = t(template ? 'tablet.templates.saved' : 'tablet.templates.created');
    if (!(await run(() => save.mutateAsync({ templateId: template?.id, body: toTemplateBody(values) }), message))) return;
    helpers.resetForm({ values });
    onSaved();
  }

  return (
    <Formik initialValues={toTemplateFormValues(template)} onSubmit={submit}>
      {(form) => {
        async function choose(file: File | undefined) {
          if (!file) return;
          try {
            const result = designSettingsOfFile(file.name, await readFileText(file));
            if (!result.ok) {
              // Spec 001 §8: a failed design file read is only logged.
              console.error('Design settings file not read:', result.reason);
              return;
            }
            await form.setValues({ ...form.values, design_settings: result.settings, fileName: file.name });
          } catch (error) {
            console.error('Design settings file not read:', error);
          }
        }
        const loaded = form.values.fileName
          ? t('tablet.templates.fileLoaded', { name: form.values.fileName })
          : form.values.design_settings
            ? t('tablet.templates.fileStored')
            : undefined;
        return (
          <SideCard title={t(template ? 'tablet.templates.editTitle' : 'tablet.templates.addTitle')} onClose={onClose} frozen={form.dirty} closeOnEscape>
            <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
              <TextField label={t('tablet.templates.name')} name="name" autoComplete="off" value={form.values.name} onChange={form.handleChange} onBlur={form.handleBlur} />
              <Flex direction="column" gap="xs">
                <Label htmlFor={fileId}>{t('tablet.templates.file')}</Label>
                <input
                  id={fileId}
                  type="file"
                  accept="application/json,.json"
                  aria-describedby={`${fileId}-status`}
                  onChange={(event) => void choose(event.target.files?.[0])}
                />
                <Text id={`${fileId}-status`} variation="secondary" fontSize="small">
                  {loaded ?? t('tablet.templates.fileHint')}
                </Text>
              </Flex>
              <Text variation="secondary">{t('tablet.templates.needed')}</Text>
              <FormError message={error} />
              <FormFooter
                submitLabel={t('general.save')}
                busyLabel={t('general.saving')}
                disabled={!form.dirty || !canSaveTemplate(form.values)}
                busy={form.isSubmitting}
              />
            </Flex>
          </SideCard>
        );
      }}
    </Formik>
  );
}

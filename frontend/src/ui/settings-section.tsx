import { useId, type ComponentType, type ReactNode } from 'react';
import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Formik, type FormikErrors, type FormikProps, type FormikValues } from 'formik';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../lib/i18n.ts';
import { useOrganizationContext } from '../lib/organization-context.tsx';
import { useFormAction } from './form-action.ts';
import { FormError } from './form-error.tsx';
import { FormFooter } from './form-footer.tsx';
import { PageLoader } from './page-loader.tsx';

/** What a section's fields get: the form and the translation of its validation messages. */
export interface SectionFieldsProps<V extends FormikValues> {
  form: FormikProps<V>;
  message: (message: unknown) => string | undefined;
}

/**
 * One settings section (/settings/actions, tasks, automation, watch; issue 29): the organisation's
 * settings document (its query and save), the form model between it and the form, and the
 * section's own fields. The page, the loading, the save with its toast, the error and the footer
 * are the same for all. A module keeps its section in its own feature folder, with its texts; the
 * settings page mounts it as a tab (app/org-routes.tsx).
 */
export interface SettingsSection<S, V extends FormikValues> {
  /** Where its texts are: `<namespace>:<keyPrefix>.save`, `.saving`, `.saved`; its validation messages under `<namespace>:validation`. */
  texts: { namespace: string; keyPrefix: string };
  useSettings: (orgId: string) => UseQueryResult<S>;
  useSave: (orgId: string) => UseMutationResult<S, Error, S>;
  toFormValues: (settings: S) => V;
  toSettingsBody: (values: V) => S;
  validate: (values: V) => FormikErrors<V>;
  Fields: ComponentType<SectionFieldsProps<V>>;
  /** The space between the fields: 'large' for a section of headed groups. */
  gap?: 'medium' | 'large';
}

/** The section's page: the defaults until the organisation saves its own. */
export function SettingsSectionRoute<S, V extends FormikValues>({ section }: { section: SettingsSection<S, V> }) {
  const { organization } = useOrganizationContext();
  const settings = section.useSettings(organization.id);
  if (settings.isPending) return <PageLoader />;
  // Shown in the tab's panel, below the tabs (app/org-routes.tsx, panelErrors).
  if (settings.isError) throw settings.error;
  return <SettingsSectionForm section={section} settings={settings.data} />;
}

function SettingsSectionForm<S, V extends FormikValues>({ section, settings }: { section: SettingsSection<S, V>; settings: S }) {
  const { namespace, keyPrefix } = section.texts;
  const { t } = useTranslation(namespace, { keyPrefix });
  const { organization } = useOrganizationContext();
  const save = section.useSave(organization.id);
  const { run, error } = useFormAction();
  const message = useValidationMessage(namespace);
  const { Fields } = section;

  async function submit(values: V) {
    await run(() => save.mutateAsync(section.toSettingsBody(values)), t('saved'));
  }

  return (
    <Formik initialValues={section.toFormValues(settings)} enableReinitialize validate={section.validate} onSubmit={submit}>
      {(form) => (
        <Flex as="form" direction="column" gap={section.gap ?? 'medium'} maxWidth="40rem" noValidate onSubmit={form.handleSubmit}>
          <Fields form={form} message={message} />
          <FormError message={message(error) ?? error} />
          <FormFooter submitLabel={t('save')} busyLabel={t('saving')} disabled={!form.dirty || !form.isValid} busy={form.isSubmitting} />
        </Flex>
      )}
    </Formik>
  );
}

/** A headed group of a section's fields (a section of the page, named by its heading), with a line of intro. */
export function SettingsGroup({ title, intro, id, children }: { title: string; intro?: string; id?: string; children: ReactNode }) {
  const ownId = useId();
  const headingId = id ?? ownId;
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby={headingId}>
      <Heading level={3} fontSize="large" id={headingId}>
        {title}
      </Heading>
      {intro ? <Text>{intro}</Text> : null}
      {children}
    </Flex>
  );
}

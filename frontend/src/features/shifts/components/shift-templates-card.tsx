import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_NAME_MAX, type ShiftTemplateDto } from '@portal/shared/shifts/shift.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { SideCard } from '../../../ui/side-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { shiftTemplatesQueryOptions, useShiftTemplateCommands } from '../api/shifts.ts';
import { shiftTemplateNameError } from '../utils/shift-template-name.ts';

interface ShiftTemplatesCardProps {
  /** The shown ISO week and its title: what "save" saves. */
  week: string;
  weekTitle: string;
  /** The link of a template's apply view over the shown week. */
  applyHref: (templateId: string) => string;
  onClose: () => void;
}

/**
 * The organisation's week templates (decision 0035): save the shown week as one (a name of at most
 * 50 characters, the server's messages), open a template's apply view, delete one after a question.
 */
export function ShiftTemplatesCard({ week, weekTitle, applyHref, onClose }: ShiftTemplatesCardProps) {
  const { t } = useTranslation('shifts');
  const { organization } = useOrganizationContext();
  const templates = useQuery(shiftTemplatesQueryOptions(organization.id));
  const { save, remove } = useShiftTemplateCommands(organization.id);
  const toast = useToast();
  const [name, setName] = useState('');
  const [shown, setShown] = useState(false);
  const [deleting, setDeleting] = useState<ShiftTemplateDto>();
  const fallback = t('errors.formFallback', { ns: 'app' });
  const error = shiftTemplateNameError(name);
  const nameMessage = shown && error ? t(`validation.${error}`, { defaultValue: error }) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    if (error) return;
    save.mutate(
      { body: { name: name.trim(), week } },
      {
        onSuccess: (template) => {
          toast.show({ message: t('templates.saved', { name: template.name }), variation: 'success' });
          setName('');
          setShown(false);
        },
      },
    );
  }

  async function confirmDelete(template: ShiftTemplateDto) {
    try {
      await remove.mutateAsync(template.id);
      toast.show({ message: t('templates.deleted', { name: template.name }), variation: 'success' });
    } catch (failure) {
      toast.show({ message: formErrorMessage(failure, fallback), variation: 'error' });
    } finally {
      setDeleting(undefined);
    }
  }

  return (
    <SideCard title={t('templates.title')} onClose={onClose} frozen closeOnEscape>
      <Flex direction="column" gap="large">
        <form onSubmit={submit} noValidate aria-labelledby="schedule-templates-save">
          <Flex direction="column" gap="small">
            <h3 id="schedule-templates-save" className="schedule-templates__heading">
              {t('templates.saveHeading')}
            </h3>
            <Text>{weekTitle}</Text>
            <TextField
              label={t('templates.name')}
              value={name}
              maxLength={TEMPLATE_NAME_MAX + 1}
              onChange={(event) => setName(event.target.value)}
              errorMessage={nameMessage}
              hasError={Boolean(nameMessage)}
            />
            {save.isError ? <Alert variation="error">{formErrorMessage(save.error, fallback)}</Alert> : null}
            <FormFooter submitLabel={t('templates.save')} busyLabel={t('templates.saving')} disabled={save.isPending} busy={save.isPending} />
          </Flex>
        </form>
        <section aria-labelledby="schedule-templates-list">
          <h3 id="schedule-templates-list" className="schedule-templates__heading">
            {t('templates.listHeading')}
          </h3>
          {templates.isPending ? <Loader aria-label={t('templates.loading')} /> : null}
          {templates.isError ? <Alert variation="error">{formErrorMessage(templates.error, fallback)}</Alert> : null}
          {templates.data?.items.length === 0 ? <Text>{t('templates.empty')}</Text> : null}
          <ul className="schedule-templates__list">
            {templates.data?.items.map((template) => (
              <li key={template.id} className="schedule-templates__item">
                <span className="schedule-templates__name">{template.name}</span>
                <span className="schedule-templates__meta">{t('templates.shiftCount', { count: template.shifts.length })}</span>
                <ButtonLink size="small" variation="primary" to={applyHref(template.id)} onClick={onClose} aria-label={t('templates.applyLabel', { name: template.name })}>
                  {t('templates.apply')}
                </ButtonLink>
                <Button size="small" variation="destructive" aria-label={t('templates.deleteLabel', { name: template.name })} onClick={() => setDeleting(template)}>
                  {t('templates.delete')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      </Flex>
      {deleting ? (
        <ConfirmDialog
          title={t('templates.deleteTitle')}
          message={t('templates.deleteQuestion', { name: deleting.name })}
          choices={[{ value: 'delete', label: t('templates.delete'), variation: 'destructive' }]}
          cancelLabel={t('templates.cancel')}
          busy={remove.isPending ? 'delete' : undefined}
          onChoose={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      ) : null}
    </SideCard>
  );
}

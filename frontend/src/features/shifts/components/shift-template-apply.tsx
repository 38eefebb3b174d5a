import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Radio, RadioGroupField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ShiftTemplateDto } from '@portal/shared/shifts/shift.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { OverlayQuery } from '../../../ui/overlay-query.tsx';
import { SideCard } from '../../../ui/side-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { shiftTemplateQueryOptions, useApplyShiftTemplate } from '../api/shifts.ts';
import { dayLabels } from '../utils/day-labels.ts';
import type { StaffRow } from '../utils/shifts-grid-model.ts';
import { shiftTemplatePreview } from '../utils/shift-template-preview.ts';
import '@aws-amplify/ui-react/styles/radio.css';
import '@aws-amplify/ui-react/styles/radioGroupField.css';
import '@aws-amplify/ui-react/styles/radiogroup.css';

interface ShiftTemplateApplyProps {
  templateId: string;
  /** The ISO week it fills, its days, and the title of the shown period ('Week 48, 2026 · 23–29 Nov 2026'). */
  week: string;
  days: readonly string[];
  weekTitle: string;
  /** The week's own shifts (not the previous week's night shifts running into it): what a replace removes. */
  ownShifts: number;
  staff: readonly StaffRow[];
  /** The shown week or day without the template (org route): where cancel, apply and an unknown id go. */
  weekRoute: string;
  onClose: () => void;
}

/**
 * /schedule/:date/:view/:templateId (decision 0035): the template's shifts on the days of the shown
 * week, then apply them as drafts, added to the week's shifts or instead of them (asked first), or
 * cancel. An unknown template goes back to the week (the overlay kit's OverlayQuery).
 */
export function ShiftTemplateApply({ templateId, weekRoute, ...rest }: ShiftTemplateApplyProps) {
  const { t } = useTranslation('shifts');
  const { organization } = useOrganizationContext();
  return (
    <OverlayQuery options={shiftTemplateQueryOptions(organization.id, templateId)} listRoute={weekRoute} loadingLabel={t('apply.loading')} title={t('apply.loadingTitle')}>
      {(template) => <ApplyCard template={template} {...rest} />}
    </OverlayQuery>
  );
}

type ApplyCardProps = Omit<ShiftTemplateApplyProps, 'templateId' | 'weekRoute'> & { template: ShiftTemplateDto };

function ApplyCard({ template, week, days, weekTitle, ownShifts, staff, onClose }: ApplyCardProps) {
  const { t, i18n } = useTranslation('shifts');
  const { organization } = useOrganizationContext();
  const apply = useApplyShiftTemplate(organization.id, week);
  const toast = useToast();
  const [replace, setReplace] = useState(false);
  const [asking, setAsking] = useState(false);
  const preview = useMemo(() => shiftTemplatePreview(template, days, staff, new Intl.Collator(i18n.language)), [template, days, staff, i18n.language]);

  async function run() {
    try {
      await apply.mutateAsync({ templateId: template.id, replace });
      toast.show({ message: t('apply.applied', { count: template.shifts.length, name: template.name }), variation: 'success' });
      onClose();
    } catch {
      // The card shows the failure (apply.error) and stays.
    } finally {
      setAsking(false);
    }
  }

  return (
    <SideCard title={t('apply.title', { name: template.name })} onClose={onClose} frozen closeOnEscape>
      <Flex direction="column" gap="medium">
        <Text>{t('apply.target', { period: weekTitle })}</Text>
        <section aria-label={t('apply.preview')} className="schedule-apply__preview">
          {preview.map((entry) => (
            <div key={entry.day}>
              <h3 className="schedule-apply__day">{dayLabels(entry.day, i18n.language).longLabel}</h3>
              <ul className="schedule-apply__shifts">
                {entry.shifts.map((shift, index) => (
                  <li key={index}>
                    <strong>{shift.person ?? t('apply.unknownPerson')}</strong> {shift.name || t('grid.unnamed')} {shift.start}–{shift.end}
                    {shift.nextDay ? ` ${t('apply.nextDay')}` : ''}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
        <RadioGroupField legend={t('apply.mode')} name="apply-mode" value={replace ? 'replace' : 'add'} onChange={(event) => setReplace(event.target.value === 'replace')}>
          <Radio value="add">{t('apply.add')}</Radio>
          <Radio value="replace">{t('apply.replace', { count: ownShifts })}</Radio>
        </RadioGroupField>
        {apply.isError ? <Alert variation="error">{formErrorMessage(apply.error, t('errors.formFallback', { ns: 'app' }))}</Alert> : null}
        <Flex justifyContent="space-between" wrap="wrap" gap="small">
          <Button
            variation="primary"
            isLoading={apply.isPending && !asking}
            loadingText={t('apply.applying')}
            isDisabled={apply.isPending}
            onClick={() => (replace && ownShifts > 0 ? setAsking(true) : void run())}
          >
            {t('apply.submit')}
          </Button>
          <Button onClick={onClose} isDisabled={apply.isPending}>
            {t('apply.cancel')}
          </Button>
        </Flex>
      </Flex>
      {asking ? (
        <ConfirmDialog
          title={t('apply.replaceTitle')}
          message={t('apply.replaceQuestion', { count: ownShifts, period: weekTitle })}
          choices={[{ value: 'replace', label: t('apply.replaceConfirm'), variation: 'destructive' }]}
          cancelLabel={t('apply.cancel')}
          busy={apply.isPending ? 'replace' : undefined}
          onChoose={() => void run()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </SideCard>
  );
}

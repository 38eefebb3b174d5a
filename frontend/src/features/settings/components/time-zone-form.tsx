import { useId, useMemo, useState, type FormEvent } from 'react';
import { Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { useToast } from '../../../ui/toasts.tsx';
import { useUpdateTimeZone } from '../api/time-zone.ts';
import { timeZoneOptions } from '../utils/time-zone-model.ts';

/**
 * The organisation's time zone (spec 001 §4, §7, §8), in which series, tasks, the planner and quiet
 * hours run. The chosen zone shows while it is saved; if the call fails it goes back to the stored
 * one and a toast says 'Failed to update time zone' (with the server's reason when it gave one).
 */
export function TimeZoneForm() {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const update = useUpdateTimeZone(organization.id);
  const toast = useToast();
  const titleId = useId();
  const stored = organization.time_zone;
  // null: showing the stored zone; a zone: chosen here and not yet saved (or being saved).
  const [chosen, setChosen] = useState<string | null>(null);
  const zone = chosen ?? stored;
  const options = useMemo(() => timeZoneOptions(stored, new Date()), [stored]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!chosen || chosen === stored) return;
    try {
      await update.mutateAsync(chosen);
      toast.show({ message: t('timeZone.saved', { zone: chosen }), variation: 'success' });
    } catch (error) {
      // A refusal of the zone itself ('Time zone not found') says why; anything else only that it failed.
      const reason = error instanceof ApiError && error.code?.startsWith('timeZone.') ? formErrorMessage(error, '') : '';
      toast.show({ message: reason ? t('timeZone.failedBecause', { reason }) : t('timeZone.failed'), variation: 'error' });
    }
    // Saved: the stored zone is the chosen one now. Failed: the old zone is back (spec 001 §4).
    setChosen(null);
  }

  return (
    <Flex as="form" direction="column" gap="small" maxWidth="40rem" aria-labelledby={titleId} onSubmit={(event) => void save(event)}>
      <Heading level={3} fontSize="large" id={titleId}>
        {t('timeZone.title')}
      </Heading>
      <Text>{t('timeZone.intro')}</Text>
      <SelectField label={t('timeZone.label')} name="time_zone" value={zone} isDisabled={update.isPending} onChange={(event) => setChosen(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <FormFooter submitLabel={t('timeZone.save')} busyLabel={t('timeZone.saving')} disabled={zone === stored} busy={update.isPending} />
    </Flex>
  );
}

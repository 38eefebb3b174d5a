import { useId, useState, type FormEvent } from 'react';
import { Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { TabletTriggerGroup } from '@portal/shared/settings/general-settings.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useSaveTriggerGroupMap } from '../../../lib/organization-data/general-settings.ts';
import type { TabletRow } from '../../../lib/organization-data/tablets.ts';
import { triggerGroupChoices, type TriggerGroupOption } from '../../../lib/organization-data/trigger-groups.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { groupsOfTablets, isChanged, toTriggerGroupMap } from '../utils/tablet-trigger-groups-model.ts';

interface TabletTriggerGroupsFormProps {
  tablets: readonly TabletRow[];
  /** general settings' `tablet.trigger_group_map`. */
  map: readonly TabletTriggerGroup[];
  triggerGroups: readonly TriggerGroupOption[];
}

/**
 * /settings/tablet (decision 0044): the trigger group each kiosk tablet shows as its buttons, saved
 * as one map for the listed tablets (a tablet deleted since drops out of it).
 */
export function TabletTriggerGroupsForm({ tablets, map, triggerGroups }: TabletTriggerGroupsFormProps) {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const save = useSaveTriggerGroupMap(organization.id);
  const { run, error } = useFormAction();
  const headingId = useId();
  const stored = groupsOfTablets(tablets, map);
  const [groups, setGroups] = useState(stored);
  const dirty = isChanged(tablets, groups, stored);
  const storedIds = map.map((entry) => entry.trigger_group_id);

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(() => save.mutateAsync(toTriggerGroupMap(tablets, groups)), t('tablet.triggerGroups.saved'));
  }

  const columns: DataTableColumn<TabletRow>[] = [
    { key: 'name', header: t('tablet.triggerGroups.name'), cell: (tablet) => tablet.name || t('tablet.triggerGroups.unnamed') },
    { key: 'serial', header: t('tablet.triggerGroups.serial'), cell: (tablet) => tablet.device_id },
    {
      key: 'group',
      header: t('tablet.triggerGroups.group'),
      cell: (tablet) => (
        <SelectField
          label={t('tablet.triggerGroups.groupOf', { name: tablet.name || tablet.device_id })}
          labelHidden
          size="small"
          value={groups[tablet.id] ?? ''}
          onChange={(event) => setGroups((current) => ({ ...current, [tablet.id]: event.target.value }))}
        >
          <option value="">{t('tablet.triggerGroups.none')}</option>
          {triggerGroupChoices(triggerGroups, storedIds, groups[tablet.id] ?? '').map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name ?? t('tablet.triggerGroups.byId', { id: choice.id })}
            </option>
          ))}
        </SelectField>
      ),
    },
  ];

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={submit} aria-labelledby={headingId}>
      <div>
        <Heading level={3} fontSize="large" id={headingId}>
          {t('tablet.triggerGroups.title')}
        </Heading>
        <Text variation="secondary">{t(triggerGroups.length > 0 ? 'tablet.triggerGroups.intro' : 'tablet.triggerGroups.noneYet')}</Text>
      </div>
      {tablets.length === 0 ? (
        <Text>{t('tablet.triggerGroups.noTablets')}</Text>
      ) : (
        <>
          <DataTable label={t('tablet.triggerGroups.title')} columns={columns} rows={tablets} />
          <FormError message={error} />
          <FormFooter submitLabel={t('tablet.triggerGroups.save')} busyLabel={t('tablet.triggerGroups.saving')} disabled={!dirty} busy={save.isPending} />
        </>
      )}
    </Flex>
  );
}

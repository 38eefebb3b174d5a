import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { SHIFT_ACTIVITIES_MAX, SHIFT_NAME_MAX, type ShiftActivityTypeDto, type ShiftDto } from '@portal/shared/shifts/shift.schema';
import type { ShiftWarning } from '@portal/shared/shifts/shift-warnings';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { SideCard } from '../../../ui/side-card.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { emptyShiftValues, hasErrors, shiftValues, toShiftInput, validateShiftForm, type ActivityValues, type ShiftFormValues } from '../utils/shift-form-model.ts';
import type { StaffRow } from '../utils/shifts-grid-model.ts';

interface ShiftCardProps {
  /** The shift being edited, or the person and day of a new one. */
  shift: ShiftDto | { user_id: string; day: string };
  staff: readonly StaffRow[];
  activityTypes: readonly ShiftActivityTypeDto[];
  warnings: readonly ShiftWarning[];
  onSave: (input: { shiftId?: string; body: ReturnType<typeof toShiftInput> }) => Promise<unknown>;
  onDelete: (shiftId: string) => Promise<unknown>;
  /** Move or copy the edited shift to a cell chosen in the grid (the card closes). */
  onPick?: (mode: 'move' | 'copy') => void;
  onClose: () => void;
}

/**
 * A shift in a side card: staff, day, start and end (an end not after the start is the next day),
 * name and activities each with its own span. Warnings (overlap, short rest, no activity) inform
 * and never block. Escape closes it (spec 000 §2).
 */
export function ShiftCard({ shift, staff, activityTypes, warnings, onSave, onDelete, onPick, onClose }: ShiftCardProps) {
  const { t } = useTranslation('shifts');
  const { timeZone } = useOrganizationClock();
  const shiftId = 'id' in shift ? shift.id : undefined;
  const [values, setValues] = useState<ShiftFormValues>(() => ('id' in shift ? shiftValues(shift) : emptyShiftValues(shift.user_id, shift.day)));
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState<'save' | 'delete'>();
  const [failure, setFailure] = useState<string>();
  const errors = validateShiftForm(values);
  const message = (text: string | undefined) => (shown && text ? t(`validation.${text}`, { defaultValue: text }) : undefined);
  const set = (patch: Partial<ShiftFormValues>) => setValues((previous) => ({ ...previous, ...patch }));
  const setActivity = (index: number, patch: Partial<ActivityValues>) =>
    set({ activities: values.activities.map((activity, at) => (at === index ? { ...activity, ...patch } : activity)) });
  const pastMidnight = values.end <= values.start && values.end !== '';

  async function run(kind: 'save' | 'delete', action: () => Promise<unknown>) {
    setBusy(kind);
    setFailure(undefined);
    try {
      await action();
      onClose();
    } catch (error) {
      setFailure(formErrorMessage(error, t('errors.formFallback', { ns: 'app' })));
    } finally {
      setBusy(undefined);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    if (hasErrors(errors)) return;
    void run('save', () => onSave({ shiftId, body: toShiftInput(values, timeZone) }));
  }

  return (
    <SideCard title={t(shiftId ? 'card.editTitle' : 'card.createTitle')} onClose={onClose} frozen closeOnEscape>
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="medium">
          <SelectField label={t('card.staff')} value={values.user_id} onChange={(event) => set({ user_id: event.target.value })} errorMessage={message(errors.user_id)} hasError={Boolean(message(errors.user_id))}>
            <option value="">{t('card.chooseStaff')}</option>
            {staff.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </SelectField>
          <TextField label={t('card.day')} type="date" value={values.day} onChange={(event) => event.target.value && set({ day: event.target.value })} />
          <Flex gap="small" wrap="wrap">
            <TextField label={t('card.start')} type="time" value={values.start} onChange={(event) => set({ start: event.target.value })} errorMessage={message(errors.start)} hasError={Boolean(message(errors.start))} />
            <TextField
              label={t('card.end')}
              type="time"
              value={values.end}
              onChange={(event) => set({ end: event.target.value })}
              descriptiveText={pastMidnight ? t('card.nextDay') : undefined}
              errorMessage={message(errors.end)}
              hasError={Boolean(message(errors.end))}
            />
          </Flex>
          <TextField label={t('card.name')} value={values.name} maxLength={SHIFT_NAME_MAX} onChange={(event) => set({ name: event.target.value })} errorMessage={message(errors.name)} hasError={Boolean(message(errors.name))} />
          <fieldset className="schedule-card__activities">
            <legend>{t('card.activities')}</legend>
            {values.activities.map((activity, index) => {
              const error = message(errors.activities?.[index]);
              return (
                <div key={index} className="schedule-card__activity" role="group" aria-label={t('card.activityN', { n: index + 1 })}>
                  <SelectField label={t('card.activity')} value={activity.activity_type_id} onChange={(event) => setActivity(index, { activity_type_id: event.target.value })}>
                    <option value="">{t('card.chooseActivity')}</option>
                    {activityTypes.map((type) => (
                      <option key={type.id} value={type.id}>
                        {type.name}
                      </option>
                    ))}
                  </SelectField>
                  <TextField label={t('card.from')} type="time" value={activity.start} onChange={(event) => setActivity(index, { start: event.target.value })} />
                  <TextField label={t('card.to')} type="time" value={activity.end} onChange={(event) => setActivity(index, { end: event.target.value })} />
                  <Button size="small" onClick={() => set({ activities: values.activities.filter((_, at) => at !== index) })}>
                    {t('card.removeActivity')}
                  </Button>
                  {error ? (
                    <p className="schedule-card__error" role="alert">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
            {values.activities.length < SHIFT_ACTIVITIES_MAX ? (
              <Button size="small" onClick={() => set({ activities: [...values.activities, { activity_type_id: activityTypes[0]?.id ?? '', start: values.start, end: values.end }] })}>
                {t('card.addActivity')}
              </Button>
            ) : null}
          </fieldset>
          {warnings.length ? (
            <Alert variation="warning" heading={t('card.warnings')}>
              <ul className="schedule-card__warnings">
                {warnings.map((warning, index) => (
                  <li key={index}>{t(`warnings.${warning.kind}`)}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {failure ? <Alert variation="error">{failure}</Alert> : null}
          <FormFooter submitLabel={t(shiftId ? 'card.save' : 'card.create')} busyLabel={t('card.saving')} disabled={Boolean(busy)} busy={busy === 'save'}>
            {shiftId && onPick ? (
              <Flex gap="small">
                <Button isDisabled={Boolean(busy)} onClick={() => onPick('move')}>
                  {t('card.move')}
                </Button>
                <Button isDisabled={Boolean(busy)} onClick={() => onPick('copy')}>
                  {t('card.copy')}
                </Button>
              </Flex>
            ) : null}
            {shiftId ? (
              <Button variation="destructive" isLoading={busy === 'delete'} isDisabled={Boolean(busy)} onClick={() => void run('delete', () => onDelete(shiftId))}>
                {t('card.delete')}
              </Button>
            ) : null}
          </FormFooter>
        </Flex>
      </form>
    </SideCard>
  );
}

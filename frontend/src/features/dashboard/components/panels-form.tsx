import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { DashboardPanel } from '@portal/shared/dashboard/dashboard.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { SideCard, useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { useSaveDashboardSettings } from '../api/dashboard.ts';
import { hiddenPanels, movePanel, samePanels, togglePanel } from '../utils/panel-order.ts';

type Control = 'up' | 'down' | 'remove' | 'add';
/** The control that should hold focus after a change: a moved row's button, or the control the panel went to. */
type FocusTarget = { panel: DashboardPanel; controls: Control[] };

/**
 * The custom dashboard's panels, chosen and ordered with buttons only (no dragging): move up,
 * move down, remove, add. Focus stays on the panel just changed, and a status line says where it
 * went, so the keyboard and a screen reader can do it all. Its own side card (spec 000 §2 editors).
 */
export function PanelsForm({ title, initial, onClose }: { title: string; initial: readonly DashboardPanel[]; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { organization } = useOrganizationContext();
  const save = useSaveDashboardSettings(organization.id);
  const { run, error } = useFormAction();
  const closeSoon = useCloseAfterSubmit(onClose);
  const [panels, setPanels] = useState<DashboardPanel[]>([...initial]);
  const [said, setSaid] = useState('');
  const focus = useRef<FocusTarget>(undefined);
  const form = useRef<HTMLFormElement>(null);
  const name = (panel: DashboardPanel) => t(`panels.${panel}`);

  useEffect(() => {
    const target = focus.current;
    focus.current = undefined;
    if (!target || !form.current) return;
    for (const control of target.controls) {
      const button = form.current.querySelector<HTMLButtonElement>(`[data-panel="${target.panel}"][data-control="${control}"]`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  }, [panels]);

  function change(next: DashboardPanel[], target: FocusTarget, message: string) {
    focus.current = target;
    setPanels(next);
    setSaid(message);
  }

  function move(panel: DashboardPanel, by: -1 | 1) {
    const next = movePanel(panels, panel, by);
    const there = by < 0 ? (['up', 'down'] as Control[]) : (['down', 'up'] as Control[]);
    change(next, { panel, controls: [...there, 'remove'] }, t('editPanels.moved', { panel: name(panel), position: next.indexOf(panel) + 1, count: next.length }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await run(() => save.mutateAsync({ panels }), t('editPanels.saved'))) closeSoon();
  }

  const others = hiddenPanels(panels);
  const dirty = !samePanels(panels, initial);
  return (
    // Editors close on Escape; a changed choice survives an outside click.
    <SideCard title={title} onClose={onClose} frozen={dirty} closeOnEscape>
      <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
        <Flex direction="column" gap="medium">
          <Text>{t('editPanels.intro')}</Text>
          <h3 className="panels-form__heading">{t('editPanels.shown')}</h3>
          {panels.length ? (
            <ol className="panels-form__list" aria-label={t('editPanels.shown')}>
              {panels.map((panel, index) => (
                <li key={panel} className="panels-form__row">
                  <span className="panels-form__name">{name(panel)}</span>
                  <Button size="small" data-panel={panel} data-control="up" isDisabled={index === 0} onClick={() => move(panel, -1)}>
                    {t('editPanels.moveUp')}
                    <span className="visually-hidden"> ({name(panel)})</span>
                  </Button>
                  <Button size="small" data-panel={panel} data-control="down" isDisabled={index === panels.length - 1} onClick={() => move(panel, 1)}>
                    {t('editPanels.moveDown')}
                    <span className="visually-hidden"> ({name(panel)})</span>
                  </Button>
                  <Button
                    size="small"
                    data-panel={panel}
                    data-control="remove"
                    onClick={() => change(togglePanel(panels, panel, false), { panel, controls: ['add'] }, t('editPanels.removed', { panel: name(panel) }))}
                  >
                    {t('editPanels.remove')}
                    <span className="visually-hidden"> ({name(panel)})</span>
                  </Button>
                </li>
              ))}
            </ol>
          ) : (
            <Text>{t('editPanels.none')}</Text>
          )}
          <h3 className="panels-form__heading">{t('editPanels.others')}</h3>
          {others.length ? (
            <ul className="panels-form__list" aria-label={t('editPanels.others')}>
              {others.map((panel) => (
                <li key={panel} className="panels-form__row">
                  <span className="panels-form__name">{name(panel)}</span>
                  <Button
                    size="small"
                    data-panel={panel}
                    data-control="add"
                    onClick={() => {
                      const next = togglePanel(panels, panel, true);
                      change(next, { panel, controls: ['remove'] }, t('editPanels.added', { panel: name(panel), position: next.length, count: next.length }));
                    }}
                  >
                    {t('editPanels.add')}
                    <span className="visually-hidden"> ({name(panel)})</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <Text>{t('editPanels.allShown')}</Text>
          )}
          <p className="visually-hidden" role="status">
            {said}
          </p>
          <FormError message={error} />
          <FormFooter submitLabel={t('editPanels.save')} busyLabel={t('editPanels.saving')} disabled={!dirty} busy={save.isPending}>
            <Button onClick={onClose}>{t('editPanels.cancel')}</Button>
          </FormFooter>
        </Flex>
      </form>
    </SideCard>
  );
}

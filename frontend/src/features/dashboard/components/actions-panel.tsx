import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RESPONSE_KEYS, type ResponseCounts } from '@portal/shared/dashboard/dashboard-keys';
import type { DashboardActionDto, DashboardActionsDto } from '@portal/shared/dashboard/dashboard.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ActionIcon } from '../../../ui/icons.tsx';
import { StatusChip } from '../../../ui/status-chip.tsx';
import { dashboardActionsQueryOptions } from '../api/dashboard.ts';
import { ACTION_STATE_TONES } from '../../../ui/status-tones.ts';
import { durationText } from '../utils/duration-text.ts';
import { Panel, PanelData } from './panel.tsx';
import { BarLegend, StackedBar } from './stacked-bar.tsx';
import { TableRegion } from './table-region.tsx';

const segmentsOf = (percentages: ResponseCounts) => RESPONSE_KEYS.map((key) => ({ key, percent: percentages[key] }));

function ShareCells({ counts, percentages }: { counts: ResponseCounts; percentages: ResponseCounts }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      {RESPONSE_KEYS.map((key) => (
        <td key={key} className="dashboard-table__number">
          {t('share', { count: counts[key], percent: percentages[key] })}
        </td>
      ))}
    </>
  );
}

function ActionRow({ action }: { action: DashboardActionDto }) {
  const { t } = useTranslation('dashboard');
  return (
    <tr>
      <th scope="row" className="dashboard-table__item">
        <span className="dashboard-table__name">{action.name || t('untitled')}</span>
        <StackedBar segments={segmentsOf(action.percentages)} />
      </th>
      <td>
        <StatusChip tone={ACTION_STATE_TONES[action.state]}>{t(`actionStates.${action.state}`)}</StatusChip>
      </td>
      <td>{t('actions.stepOf', { step: action.step, steps: action.steps })}</td>
      <td>{action.first_accept_ms === null ? t('actions.noAccept') : durationText(action.first_accept_ms, t)}</td>
      <ShareCells counts={action.counts} percentages={action.percentages} />
    </tr>
  );
}

/**
 * The most recently sent actions, open ones first (the API's order): each one's response statuses
 * as a 100 % bar for the eye and as counts and percentages in the table for everyone, the step its
 * escalation reached and the time to its first accept; the shown actions' totals in the footer.
 */
function ActionsTable({ data }: { data: DashboardActionsDto }) {
  const { t } = useTranslation('dashboard');
  if (data.items.length === 0) return <EmptyState compact icon={<ActionIcon />} title={t('actions.empty')} help={t('actions.emptyHelp')} />;
  return (
    <>
      <BarLegend items={RESPONSE_KEYS.map((key) => ({ key, label: t(`responses.${key}`) }))} />
      <TableRegion label={t('actions.caption')}>
        <table className="dashboard-table">
          <caption className="visually-hidden">{t('actions.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('actions.action')}</th>
              <th scope="col">{t('actions.state')}</th>
              <th scope="col">{t('actions.step')}</th>
              <th scope="col">{t('actions.firstAccept')}</th>
              {RESPONSE_KEYS.map((key) => (
                <th key={key} scope="col" className="dashboard-table__number">
                  {t(`responses.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((action) => (
              <ActionRow key={action.id} action={action} />
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="dashboard-table__item">
                <span className="dashboard-table__name">{t('actions.total', { count: data.items.length })}</span>
                <StackedBar segments={segmentsOf(data.percentages)} />
              </th>
              <td colSpan={3} />
              <ShareCells counts={data.totals} percentages={data.percentages} />
            </tr>
          </tfoot>
        </table>
      </TableRegion>
    </>
  );
}

export function ActionsPanel() {
  const { t } = useTranslation('dashboard');
  const { organization } = useOrganizationContext();
  const query = useQuery(dashboardActionsQueryOptions(organization.id));
  return (
    <Panel title={t('panels.actions')}>
      <PanelData query={query}>{(data) => <ActionsTable data={data} />}</PanelData>
    </Panel>
  );
}

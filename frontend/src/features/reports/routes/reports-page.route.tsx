import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REPORTS } from '@portal/shared/reports/report-definitions';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTabList } from '../../../ui/query-tab-list.tsx';
import { tabIn } from '../../../ui/query-tabs.ts';
import { ReportPanel } from '../components/report-panel.tsx';
import { ReportRangePicker } from '../components/report-range-picker.tsx';
import { useReportWords } from '../components/use-report-words.ts';
import { rangeProblem, reportRangeOf, withReportRange } from '../utils/report-range.ts';
import '../reports.css';

const ID_PREFIX = 'reports';

/**
 * /reports (issue 32, decision 0087): admins and superadmins. The period and the report shown are
 * in the query (`range`, `from`, `to`, `tab`), so a reload or a link shows the same; the days are
 * the organisation's.
 */
export function ReportsPageRoute() {
  const { t } = useTranslation('reports');
  const { organization } = useOrganizationContext();
  const clock = useOrganizationClock();
  const words = useReportWords();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const today = clock.today();
  const range = reportRangeOf(params, today);
  const report = tabIn(search, REPORTS);
  return (
    <div className="reports">
      <PageHeader title={t('title')} />
      <p className="reports__intro">{t('intro', { zone: clock.timeZone })}</p>
      <ReportRangePicker range={range} today={today} words={words} onChange={(next) => setParams((current) => withReportRange(current, next), { replace: true })} />
      <QueryTabList tabs={REPORTS} active={report} search={search} label={t('tabs.label')} labelOf={(tab) => t(`tabs.${tab}`)} idPrefix={ID_PREFIX} />
      <div role="tabpanel" id={`${ID_PREFIX}-panel`} aria-labelledby={`${ID_PREFIX}-tab-${report}`} className="reports__panel">
        {/* A range the API would refuse is not asked for: the picker says why. */}
        {rangeProblem(range) ? null : <ReportPanel key={report} orgId={organization.id} report={report} range={range} />}
      </div>
    </div>
  );
}

import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { reportPathSchema, reportRangeQuerySchema, reportRowsQuerySchema } from '@portal/shared/reports/reports.schema';
import { ok } from '../platform/http/responses.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { getReport, getReportPeople, listReportRows } from './reports.service.ts';

/** The reports (issue 32, decision 0087): admins and superadmins read the rollups and facts the modules keep. */
export const handler = createModuleHandler('reports', {
  getReport: route({ params: reportPathSchema, query: reportRangeQuerySchema }, async ({ params, query }) => ok(await getReport(params.orgId, params.report, query))),
  getReportPeople: route({ params: orgPathSchema, query: reportRangeQuerySchema }, async ({ params, query }) => ok(await getReportPeople(params.orgId, query))),
  listReportRows: route({ params: reportPathSchema, query: reportRowsQuerySchema }, async ({ params, query }) => ok(await listReportRows(params.orgId, params.report, query))),
});

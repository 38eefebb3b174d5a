import type { ReportName } from '@portal/shared/reports/reports.schema';
import { actionTemplateTitles } from '../actions/public.ts';
import { triggerNames } from '../automation/public.ts';
import { notificationTemplateTitles } from '../notifications/public.ts';
import { activityTypeOptions } from '../shifts/public.ts';
import { taskTemplateTitles } from '../tasks/public.ts';
import { groupNames, userNames } from '../users/public.ts';
import { sourcesOf, type NameSource } from './name-refs.ts';

type Names = Map<string, string>;

/** Each report's templates: the module whose templates its TEMPLATE rows name. */
const TEMPLATE_TITLES: Readonly<Record<ReportName, ((orgId: string) => Promise<Names>) | null>> = {
  actions: actionTemplateTitles,
  tasks: taskTemplateTitles,
  notifications: notificationTemplateTitles,
  automation: null,
};

const byId = <T>(items: readonly T[], id: (item: T) => string, name: (item: T) => string): Names => new Map(items.map((item) => [id(item), name(item)]));

/** Reads one source's names, whole, through the owning module's public.ts (people are read by id instead: `personNames`). */
function reader(orgId: string, report: ReportName): Record<Exclude<NameSource, 'person'>, () => Promise<Names>> {
  return {
    template: async () => (await TEMPLATE_TITLES[report]?.(orgId)) ?? new Map(),
    trigger: async () => byId(await triggerNames(orgId), (t) => t.triggerId, (t) => t.name),
    group: () => groupNames(orgId),
    activity: async () => byId(await activityTypeOptions(orgId), (a) => a.id, (a) => a.name),
  };
}

/**
 * The names a report's tables may need, read now (decision 0087: a rename shows at once), each
 * source once, in parallel, and started beside the rollups: the sources follow from the
 * dimensions, so no read waits for another (a source no value needs is a small Query spent).
 */
export async function readNameSources(orgId: string, report: ReportName, dimensions: readonly string[]): Promise<Map<NameSource, Names>> {
  const read = reader(orgId, report);
  const sources = [...new Set(dimensions.flatMap(sourcesOf))].filter((source): source is Exclude<NameSource, 'person'> => source !== 'person');
  return new Map(await Promise.all(sources.map(async (source) => [source, await read[source]()] as const)));
}

/** People's names by id (AP17, BatchGetItem): the staff may be thousands, so only those the rows name. */
export async function personNames(orgId: string, ids: readonly string[]): Promise<Map<NameSource, Names>> {
  return new Map([['person', byId(await userNames(orgId, [...ids]), (u) => u.id, (u) => `${u.firstname} ${u.lastname}`.trim())]]);
}

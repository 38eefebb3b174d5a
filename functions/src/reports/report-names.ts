import type { ReportName } from '@portal/shared/reports/reports.schema';
import { actionTemplateTitles } from '../actions/public.ts';
import { triggerNames } from '../automation/public.ts';
import { notificationTemplateTitles } from '../notifications/public.ts';
import { activityTypeOptions } from '../shifts/public.ts';
import { taskTemplateTitles } from '../tasks/public.ts';
import { groupNames, userNames } from '../users/public.ts';
import { idsBySource, namesFrom, type NameSource } from './name-refs.ts';

type Names = Map<string, string>;

/** Each report's templates: the module whose templates its TEMPLATE rows name. */
const TEMPLATE_TITLES: Readonly<Record<ReportName, ((orgId: string) => Promise<Names>) | null>> = {
  actions: actionTemplateTitles,
  tasks: taskTemplateTitles,
  notifications: notificationTemplateTitles,
  automation: null,
};

const byId = <T>(items: readonly T[], id: (item: T) => string, name: (item: T) => string): Names => new Map(items.map((item) => [id(item), name(item)]));

/** Reads one source's names, through the owning module's public.ts; people by their ids only (the staff may be thousands). */
function reader(orgId: string, report: ReportName): Record<NameSource, (ids: Set<string>) => Promise<Names>> {
  return {
    template: async () => (await TEMPLATE_TITLES[report]?.(orgId)) ?? new Map(),
    trigger: async () => byId(await triggerNames(orgId), (t) => t.triggerId, (t) => t.name),
    group: () => groupNames(orgId),
    activity: async () => byId(await activityTypeOptions(orgId), (a) => a.id, (a) => a.name),
    person: async (ids) => byId(await userNames(orgId, [...ids]), (u) => u.id, (u) => `${u.firstname} ${u.lastname}`.trim()),
  };
}

/**
 * The names of a report's tables, read now (decision 0087: a rename shows at once): each source
 * the values need is read once for all tables, in parallel, and none that no value needs.
 */
export async function tableNames(orgId: string, report: ReportName, tables: ReadonlyArray<{ dimension: string; values: readonly string[] }>): Promise<Array<Map<string, string | null>>> {
  const wanted = new Map<NameSource, Set<string>>();
  for (const { dimension, values } of tables) {
    for (const [source, ids] of idsBySource(dimension, values)) wanted.set(source, new Set([...(wanted.get(source) ?? []), ...ids]));
  }
  const read = reader(orgId, report);
  const sources = new Map(await Promise.all([...wanted].map(async ([source, ids]) => [source, await read[source](ids)] as const)));
  return tables.map(({ dimension, values }) => namesFrom(dimension, values, sources));
}

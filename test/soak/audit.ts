import { supersedesShown } from '@portal/shared/devices/shift-messages';
import type { Envelope } from '@portal/shared/devices/topics';
import type { SentItem } from './admin-load.ts';
import type { DownWindow } from './faults.ts';
import type { HttpLog } from './http-log.ts';
import type { MemoryFigures } from './portal-memory.ts';
import type { PublishedWeek } from './shift-week.ts';
import type { SoakOrganisation } from './soak-organisation.ts';
import type { WatchFleet, WatchState } from './watch-fleet.ts';
import type { Press } from './webhook-callers.ts';

export interface AuditInput {
  api: HttpLog;
  org: SoakOrganisation;
  items: SentItem[];
  presses: Press[];
  fleet: WatchFleet;
  week: PublishedWeek;
  downWindows: DownWindow[];
  /** The last portal process's live memory after a full collection (MiB) after warm-up and at the end, and its RSS. */
  memory: MemoryFigures;
}

export interface AuditReport {
  figures: Array<[string, number | string]>;
  /** Every loss, duplicate or stuck item found, one line each; empty when the run was clean. */
  losses: string[];
}

/** After a down window, a few seconds for what was held meanwhile to catch up. */
const DOWN_GRACE_MS = 3_000;
const THRESHOLD_LIMIT: Record<number, (count: number, asked: number) => number> = { 1: () => 1, 2: (_, asked) => asked, 3: (count) => count };

type Status = Record<string, unknown> & { user_ids?: string[]; sent_user_ids?: string[] };

/**
 * The local delivery queue's retries of a failed record: 4, 8, 16 and 32 s after the receives
 * before (infra/local/delivery-queue.ts), so a step's time-out that meets the table gone can come
 * up to a minute after its first try; a few seconds more for the escalation's own writes.
 */
const STEP_RETRY_SPAN_MS = 65_000;
/** However the deadlines move on, the audit waits no longer than this for open actions. */
const OPEN_ACTIONS_MAX_WAIT_MS = 150_000;

/**
 * Waits, after the settling, for actions still open whose latest step time-out the product may
 * still legitimately act on: each open action's `step_deadline` (read again every 2 s, so an
 * escalation's next step extends it), or the end of the last down window if later (a job due in
 * it runs at the restart or meets the table gone), plus the queue's retry span; bounded by
 * OPEN_ACTIONS_MAX_WAIT_MS. Returns the seconds waited and the actions still open then (the
 * audit counts those as stuck). An action not found is left to the audit.
 */
export async function awaitOpenActions(input: Pick<AuditInput, 'api' | 'org' | 'items' | 'downWindows'>): Promise<{ waitedSeconds: number; open: string[] }> {
  const { api, org } = input;
  const token = org.adminTokens[0]!;
  const begun = Date.now();
  const downEnd = Math.max(0, ...input.downWindows.map((w) => w.to));
  let open = input.items.filter((i) => i.kind === 'action').map((i) => i.id);
  for (;;) {
    const still: string[] = [];
    let latest = 0;
    for (const id of open) {
      const answer = await api.call<{ state: string; step_deadline: string }>(token, 'GET', `/organizations/${org.orgId}/actions/${id}`);
      if (answer.status !== 200 || answer.body.state !== 'open') continue;
      still.push(id);
      latest = Math.max(latest, Date.parse(answer.body.step_deadline), downEnd);
    }
    open = still;
    const until = Math.min(latest + STEP_RETRY_SPAN_MS, begun + OPEN_ACTIONS_MAX_WAIT_MS);
    if (!open.length || Date.now() >= until) return { waitedSeconds: Math.round((Date.now() - begun) / 1000), open };
    await new Promise((done) => setTimeout(done, 2_000));
  }
}

/**
 * The end state, read back as the admin through the API (and the trigger's firings from the table,
 * whose page shows only the latest), against what every watch received and applied:
 * - every notification, action and task: recipients final and counted (no one left unsent, counters
 *   equal to the rows, accepted never above the threshold, no action open, no task unactivated);
 * - every recipient's watch got the item exactly once (one envelope id per item and kind, applied
 *   once however often QoS 1 delivered it), and nobody got a deleted one;
 * - every answer a watch sent got its reply (none lost between broker and table);
 * - every webhook press answered 202 made exactly one firing with one item, none beyond;
 * - the shift week's last publish reached each planned person as it stands;
 * - no HTTP 5xx (or refused connection) outside the down windows;
 * - live memory (heap and external after a full collection) at the end within 20 % of that after
 *   warm-up (medians of three samples each, decision 0067); RSS is printed, not judged.
 */
export async function audit(input: AuditInput): Promise<AuditReport> {
  const { api, org, fleet } = input;
  const token = org.adminTokens[0]!;
  const losses: string[] = [];
  const figures: AuditReport['figures'] = [];
  /** The admin's read; undefined when the item is not there (404), which the caller judges. */
  const get = async <T>(path: string): Promise<T | undefined> => {
    for (let attempt = 0; ; attempt++) {
      const answer = await api.call<T>(token, 'GET', `/organizations/${org.orgId}${path}`);
      if (answer.status === 200) return answer.body;
      if (answer.status === 404) return undefined;
      if (attempt >= 5) throw new Error(`GET ${path}: HTTP ${answer.status}`);
      await new Promise((done) => setTimeout(done, 1_000));
    }
  };
  const watchOf = new Map<string, WatchState>(fleet.watches.map((w) => [w.member.userId, w]));
  /** The envelopes of `type` a user's watch applied about an item. */
  const appliedBy = (userId: string, type: string, field: string, id: string): Envelope[] =>
    watchOf.get(userId)?.applied.filter((e) => e.type === type && (e.data as Record<string, unknown>)[field] === id) ?? [];
  const delivered = { expected: 0, received: 0, duplicated: 0 };
  const checkReceived = (what: string, userIds: readonly string[], type: string, field: string, id: string) => {
    for (const userId of userIds) {
      if (!watchOf.has(userId)) continue;
      delivered.expected++;
      const got = appliedBy(userId, type, field, id);
      if (got.length) delivered.received++;
      else losses.push(`${what} ${id}: ${userId}'s watch never received its ${type}`);
      if (got.length > 1) {
        delivered.duplicated++;
        losses.push(`${what} ${id}: ${userId}'s watch got ${got.length} different ${type} envelopes`);
      }
    }
  };

  // Webhook presses: one firing per 202, its one notification audited with the others.
  const { latestFirings } = await import('../../functions/src/automation/firings.repository.ts');
  const fired = input.presses.filter((p) => p.status === 202);
  const firedNotifications: SentItem[] = [];
  let beyond = 0;
  for (const trigger of org.triggers) {
    const firings = await latestFirings(org.orgId, trigger.id, 100_000);
    const ours = new Set(fired.filter((p) => p.triggerId === trigger.id).map((p) => p.firingId));
    for (const firing of firings) {
      if (firing.outcome !== 'fired') continue;
      if (!ours.has(firing.firingId)) {
        beyond++;
        losses.push(`trigger ${trigger.id}: firing ${firing.firingId} fired without a 202 of ours`);
      }
      if (firing.created?.length !== 1) losses.push(`trigger ${trigger.id}: firing ${firing.firingId} made ${firing.created?.length ?? 0} items, not 1`);
      for (const created of firing.created ?? []) firedNotifications.push({ kind: 'notification', id: created.id, dueAt: Date.parse(firing.at) });
    }
    const stored = new Set(firings.map((f) => f.firingId));
    for (const firingId of ours) if (!stored.has(firingId!)) losses.push(`trigger ${trigger.id}: the 202 firing ${firingId} is not stored`);
  }
  const unanswered = input.presses.filter((p) => p.status === 0 || p.status >= 500);
  for (const press of unanswered) losses.push(`webhook press ${press.deliveryId}: no answer after ${press.attempts} attempts (last ${press.status})`);
  figures.push(['webhook presses', input.presses.length], ['  fired (202)', fired.length], ['  throttled (429)', input.presses.filter((p) => p.status === 429).length]);
  figures.push(['  resent after no answer, 409 or 5xx', input.presses.filter((p) => p.attempts > 1).length], ['  firings beyond the 202s', beyond], ['  never answered', unanswered.length]);

  // Notifications (the admins', the fired ones).
  const notifications = [...input.items.filter((i) => i.kind === 'notification'), ...firedNotifications];
  let notSent = 0;
  for (const item of notifications) {
    const status = item.deleted ? undefined : await get<Status>(`/notifications/${item.id}/status`);
    // A DELETE whose answer never came may have deleted it: then it is gone, and nobody may have it.
    if (!item.deleted && !status && item.deleteUnanswered) item.deleted = true;
    if (item.deleted) {
      for (const watch of fleet.watches) if (appliedBy(watch.member.userId, 'notification', 'notification_id', item.id).length) losses.push(`notification ${item.id}: deleted, yet received by ${watch.member.userId}`);
      continue;
    }
    if (!status) {
      losses.push(`notification ${item.id}: accepted by the API, not found at the end (404)`);
      continue;
    }
    const recipients = status.user_ids ?? [];
    const sent = new Set(status.sent_user_ids ?? []);
    const unsent = recipients.filter((u) => !sent.has(u));
    notSent += unsent.length + (recipients.length ? 0 : 1);
    if (!recipients.length) losses.push(`notification ${item.id}: no recipients recorded (never sent)`);
    if (unsent.length) losses.push(`notification ${item.id}: ${unsent.length} of ${recipients.length} recipients not sent`);
    checkReceived('notification', recipients, 'notification', 'notification_id', item.id);
  }
  figures.push(['notifications', notifications.length], ['  deleted before their send', notifications.filter((n) => n.deleted).length], ['  recipients not sent (stuck)', notSent]);

  // Actions.
  const { getAction } = await import('../../functions/src/actions/actions.repository.ts');
  const { deliveredUserIds } = await import('../../functions/src/actions/recipients.repository.ts');
  const actions = input.items.filter((i) => i.kind === 'action');
  const actionFigures = { open: 0, counterMismatch: 0, overThreshold: 0, fulfilled: 0, expired: 0, rejected: 0, closedBeforePrompt: 0 };
  for (const item of actions) {
    type ActionRead = { state: string; accepted_count: number; declined_count: number; recipient_count: number; config: { response_threshold: { type: number; number: number | null } } };
    const action = await get<ActionRead>(`/actions/${item.id}`);
    const status = await get<{ accepted_user_ids: string[]; declined_user_ids: string[]; sent_user_ids: string[]; responses: Array<{ user_id: string }> }>(`/actions/${item.id}/status`);
    if (!action || !status) {
      losses.push(`action ${item.id}: accepted by the API, not found at the end (404)`);
      continue;
    }
    if (action.state === 'open') {
      actionFigures.open++;
      losses.push(`action ${item.id}: still open`);
    } else if (action.state in actionFigures) actionFigures[action.state as 'fulfilled' | 'expired' | 'rejected']++;
    if (action.accepted_count !== status.accepted_user_ids.length || action.declined_count !== status.declined_user_ids.length || action.recipient_count !== status.responses.length) {
      actionFigures.counterMismatch++;
      losses.push(`action ${item.id}: counters ${action.accepted_count}/${action.declined_count}/${action.recipient_count} against rows ${status.accepted_user_ids.length}/${status.declined_user_ids.length}/${status.responses.length}`);
    }
    const { type, number } = action.config.response_threshold;
    const limit = THRESHOLD_LIMIT[type]?.(number ?? 0, status.responses.length) ?? Infinity;
    if (status.accepted_user_ids.length > limit) {
      actionFigures.overThreshold++;
      losses.push(`action ${item.id}: ${status.accepted_user_ids.length} accepted, threshold ${limit}`);
    }
    // A prompt queued after the action closed (fulfilled by earlier answers, or its last step timed
    // out while the queue was behind) is not published: nobody is asked to help once help is
    // settled (delivery.service.ts, actionDelivery). Those asked without a published prompt are
    // counted apart; a prompt the queue gave up on would be among them too, with its "given up"
    // line in the portal's log (PORTAL_LOG_FILE).
    const row = await getAction(org.orgId, item.id, { consistent: true });
    const published = row ? await deliveredUserIds(org.orgId, item.id, row.recipientShards, status.sent_user_ids) : new Set<string>();
    const unpublished = status.sent_user_ids.filter((userId) => !published.has(userId));
    if (action.state === 'open') for (const userId of unpublished) losses.push(`action ${item.id}: open, and ${userId}'s prompt never published`);
    else actionFigures.closedBeforePrompt += unpublished.length;
    checkReceived('action', [...published], 'action', 'action_id', item.id);
  }
  figures.push(['actions', actions.length], ['  fulfilled / expired / rejected', `${actionFigures.fulfilled} / ${actionFigures.expired} / ${actionFigures.rejected}`]);
  figures.push(['  still open', actionFigures.open], ['  counters unequal to rows', actionFigures.counterMismatch], ['  accepted above threshold', actionFigures.overThreshold]);
  figures.push(['  asked, closed before their prompt was published', actionFigures.closedBeforePrompt]);

  // Tasks.
  const tasks = input.items.filter((i) => i.kind === 'task');
  let tasksNotStarted = 0;
  let taskCounters = 0;
  for (const item of tasks) {
    const task = await get<{ recipient_count: number; completed_count: number; declined_count: number }>(`/tasks/${item.id}`);
    const status = await get<{ user_ids: string[]; completed_user_ids: string[]; declined_user_ids: string[] }>(`/tasks/${item.id}/status`);
    if (!task || !status) {
      losses.push(`task ${item.id}: accepted by the API, not found at the end (404)`);
      continue;
    }
    if (!status.user_ids.length) {
      tasksNotStarted++;
      losses.push(`task ${item.id}: past its start, delivered to nobody`);
    }
    if (task.recipient_count !== status.user_ids.length || task.completed_count !== status.completed_user_ids.length || task.declined_count !== status.declined_user_ids.length) {
      taskCounters++;
      losses.push(`task ${item.id}: counters ${task.recipient_count}/${task.completed_count}/${task.declined_count} against rows ${status.user_ids.length}/${status.completed_user_ids.length}/${status.declined_user_ids.length}`);
    }
    checkReceived('task', status.user_ids, 'task', 'task_id', item.id);
  }
  figures.push(['tasks', tasks.length], ['  not delivered after their start', tasksNotStarted], ['  counters unequal to rows', taskCounters]);

  // The shift week, as last published.
  let weekMissing = 0;
  let weekOutOfOrder = 0;
  for (const [userId, shifts] of input.week.shifts) {
    const ofWeek = watchOf.get(userId)?.applied.filter((e) => e.type === 'shifts' && (e.data as { week?: string }).week === input.week.week) ?? [];
    // What the watch shows: the week's messages as the product's watch applies them (the later publish
    // wins); one it keeps out came after a later publish's.
    const shown = ofWeek.reduce<Envelope | undefined>((card, e) => {
      if (supersedesShown(e.sent_at, card?.sent_at)) return e;
      weekOutOfOrder++;
      return card;
    }, undefined);
    const got = ((shown?.data as { shifts?: Array<{ shift_id: string; start_at: string }> } | undefined)?.shifts ?? []).map((s) => `${s.shift_id}@${Date.parse(s.start_at)}`);
    const want = shifts.map((s) => `${s.shiftId}@${s.startAt}`);
    if (got.join() !== want.join()) {
      weekMissing++;
      const received = ofWeek.map((e) => `${e.id.slice(0, 8)} sent ${e.sent_at}`).join('; ');
      losses.push(`shifts ${input.week.week}: ${userId}'s watch shows ${got.join() || 'nothing'}, published ${want.join()} (received in this order: ${received || 'none'})`);
    }
  }
  figures.push(
    ['shift week publishes', input.week.publishes],
    ['  people whose watch lacks the published week', weekMissing],
    // Kept out by the watch's rule (decision 0080), so not a loss; a figure, to see how often QoS 1 reorders them.
    ['  earlier publishes received after a later one', weekOutOfOrder],
  );

  // Watches: deliveries, repeats, answers without a reply.
  const deliveries = fleet.watches.reduce((sum, w) => sum + [...w.deliveries.values()].reduce((a, b) => a + b, 0), 0);
  const applied = fleet.watches.reduce((sum, w) => sum + w.applied.length, 0);
  const pending = fleet.watches.flatMap((w) => [...w.pendingAnswers.values()].map((e) => `${w.member.userId} ${e.type} ${(e.data as { action_id: string }).action_id}`));
  for (const line of pending) losses.push(`answer without a reply (lost between broker and table): ${line}`);
  const offline = fleet.watches.filter((w) => !w.client.connected).length;
  figures.push(['watch deliveries (QoS 1, repeats included)', deliveries], ['  envelopes applied (once each)', applied], ['  repeats dropped by envelope id', deliveries - applied]);
  figures.push(['  item messages expected at recipients', delivered.expected], ['  received', delivered.received], ['  lost', delivered.expected - delivered.received], ['  duplicated (two envelope ids)', delivered.duplicated]);
  figures.push(['  answers sent', fleet.figures.answers], ['  answers resent after a reconnect', fleet.watches.reduce((s, w) => s + w.resentAnswers, 0)], ['  answers without a reply', pending.length]);
  figures.push(['  offline spells', fleet.figures.offlineSpells], ['  dropped mid-answer', fleet.figures.droppedMidAnswer], ['  not connected at the end', offline]);
  if (offline) losses.push(`${offline} watch(es) could not connect at the end`);

  // HTTP.
  const outside = api.records.filter((r) => (r.status === 0 || r.status >= 500) && !input.downWindows.some((w) => r.endedAt >= w.from && r.at <= w.to + DOWN_GRACE_MS));
  const inside = api.records.filter((r) => r.status === 0 || r.status >= 500).length - outside.length;
  for (const r of outside.slice(0, 20)) losses.push(`HTTP ${r.status || 'refused'} outside a down window: ${r.method} ${r.path} at ${new Date(r.at).toISOString()}`);
  figures.push(['HTTP requests', api.records.length], ['  5xx or refused inside down windows', inside], ['  5xx or refused outside', outside.length]);

  // Memory.
  const growth = input.memory.warm ? (input.memory.end - input.memory.warm) / input.memory.warm : 0;
  figures.push(['portal live memory after full GC, warm-up (MiB)', input.memory.warm.toFixed(1)], ['portal live memory after full GC, end (MiB)', input.memory.end.toFixed(1)], ['  growth', `${(growth * 100).toFixed(1)} %`]);
  figures.push(['portal RSS after warm-up / at the end (MiB)', `${input.memory.rssWarm.toFixed(0)} / ${input.memory.rssEnd.toFixed(0)}`], ['  memory samples of the last process', input.memory.series.length]);
  if (!input.memory.warm) losses.push('no memory sample of the portal process (the heap probe did not answer)');
  if (growth > 0.2) losses.push(`live memory grew ${(growth * 100).toFixed(1)} % from warm-up to the end`);
  return { figures, losses };
}

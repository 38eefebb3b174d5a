import { actionAccepted, firstAccepts, type ActionAccepted } from '../actions/public.ts';
import { logger } from '../platform/logger.ts';
import { factRefresher } from '../platform/reports/fact-refresher.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { getFiring } from './firings.repository.ts';
import { actionIdsOf } from './first-answer.ts';
import { FIRING_FACT, firingFactId, firingFactOf, firingKeyOf, type FiringKey } from './report-fact.ts';

/**
 * A firing's report fact (AP94), read from its row (consistent), the first accepts of the actions
 * it made (consistent: the accept that signalled is in them) and the organisation's zone. Gone (the
 * row's 90 days are over): the fact stays as it was (decision 0087, history stays). Pure: a Lambda
 * that imports automation/public.ts for the trigger menus (device-config's) bundles none of it.
 */
export const firingFacts = /* @__PURE__ */ factRefresher({
  module: 'automation',
  kind: FIRING_FACT,
  read: async (orgId, itemId) => {
    const key = firingKeyOf(itemId);
    if (!key) throw new RangeError(`Not a firing's fact: ${itemId}`);
    const row = await getFiring(orgId, key.triggerId, key.at, key.firingId);
    if (!row) return null;
    const actionIds = row.outcome === 'fired' ? actionIdsOf(row) : [];
    const [accepts, timeZone] = await Promise.all([actionIds.length ? firstAccepts(orgId, actionIds, { consistent: true }) : new Map(), organizationTimeZone(orgId)]);
    return firingFactOf(row, accepts, timeZone);
  },
});

/** Attempts of a refresh where the firing changed, and the pause before the next (× the attempt). */
const ATTEMPTS = 3;
const PAUSE_MS = 200;

/**
 * The one call at the end of every path that changes what a firing's fact shows: its insert (fired
 * or throttled), its mark as failed, its webhook replay and an accept of an action it made. A report
 * must never fail the path, and automation has no delivery queue to take the kit's fallback job
 * (`factRefresher.refresh`), nor may another module's queue run its code: so a refresh that fails is
 * tried twice more here, then logged as an error. The fact is brought up to date by the firing's next
 * refresh (a replay, an accept), as every refresh derives it whole.
 */
export async function refreshFiringFact(orgId: string, firing: FiringKey): Promise<void> {
  const itemId = firingFactId(firing);
  for (let attempt = 1; ; attempt++) {
    try {
      await firingFacts.now(orgId, itemId);
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS) {
        logger.error('Report fact not refreshed', { orgId, kind: FIRING_FACT, itemId, attempts: attempt, error: (error as Error).message });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
    }
  }
}

/** An accept of an action a firing made (its meta names the firing): the firing's response time may have changed. */
async function onActionAccepted({ orgId, meta }: ActionAccepted): Promise<void> {
  if (meta.trigger_id && meta.firing_id && meta.firing_at) await refreshFiringFact(orgId, { triggerId: meta.trigger_id, at: meta.firing_at, firingId: meta.firing_id });
}

/**
 * What automation listens to for its report (decision 0064's signals): the actions' accepts. The
 * entry where actions are answered registers it (actions/uplink.handler.ts), as the seed does that
 * answers the demo's firings. Registering again adds nothing.
 */
export function registerFiringFactListener(): void {
  actionAccepted.listen(onActionAccepted);
}

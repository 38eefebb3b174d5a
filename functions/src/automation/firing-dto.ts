import type { FiringDto } from '@portal/shared/automation/automation.schema';
import type { FiringRow } from './firings.repository.ts';

/** A firing row as the API answers it; `first_answer` is filled in by the firings list. */
export function toFiringDto(row: FiringRow, firstAnswer: FiringDto['first_answer'] = null): FiringDto {
  return {
    id: row.firingId,
    trigger_id: row.triggerId,
    source: row.source,
    at: row.at,
    outcome: row.outcome,
    delivery_id: row.deliveryId ?? null,
    device_id: row.deviceId ?? null,
    user_id: row.userId ?? null,
    created: row.created.map((item) => ({ type: item.type, template_id: item.templateId, id: item.id })),
    first_answer: firstAnswer,
  };
}

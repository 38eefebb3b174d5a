import type { ModuleName } from '@portal/shared/api/route-table';

/**
 * The modules with a delivery queue and function (delivery.construct.ts, decision 0020), and their
 * delivery functions' names. A leaf: the table of needs (function-needs.ts), the table's grants
 * (table-access.ts) and the delivery construct all read it, so none of them imports another back.
 */
export const DELIVERY_MODULES = ['notifications', 'actions', 'tasks', 'shifts'] as const satisfies readonly ModuleName[];
export type DeliveryModule = (typeof DELIVERY_MODULES)[number];

/** `notificationsDelivery`: keys the grants that are data (table-access.ts, iot-publish.ts). */
export type DeliveryFunctionName = `${DeliveryModule}Delivery`;

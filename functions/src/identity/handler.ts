import { changePasswordSchema } from '@portal/shared/identity/change-password.schema';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { ok } from '../platform/http/responses.ts';
import { changePassword } from './change-password.service.ts';
import { getMe } from './me.service.ts';

export const handler = createModuleHandler('identity', {
  getMe: route({}, async ({ principal }) => ok(await getMe(principal))),
  changePassword: route({ body: changePasswordSchema }, async ({ principal, body }) => ok(await changePassword(principal, body))),
});

import type { ActionDto, ActionTemplateDto, ActionTemplateInput } from '@portal/shared/actions/action.schema';
import { orgPaths } from '../../../lib/paths.ts';
import { templateApi, templateRoutes } from '../../../lib/template-api.ts';
import { BellIcon } from '../../../ui/icons.tsx';
import { sendingKit } from '../../../ui/sending-kit.ts';
import { actionQueryOptions } from '../api/actions.ts';

/** Action templates on the kit's template mechanism (spec 001 §7 search), one, save, delete. */
export const actionTemplates = templateApi<'actions', ActionTemplateDto, ActionTemplateInput>(templateRoutes('actions'));

/** Spec 000 §2: tabs sent and templates; sent by default. Kept in the query (`tab`). */
export const ACTION_TABS = ['sent', 'templates'] as const;
export type ActionsTab = (typeof ACTION_TABS)[number];

/** Actions as an instance of the sending kit (issue 29): /actions with tabs sent and templates; no series. */
export const actionsKit = sendingKit<ActionsTab, ActionDto, ActionTemplateDto>({
  listRoute: orgPaths.actions,
  namespace: 'actions',
  loadingKey: 'list.loading',
  tabs: ACTION_TABS,
  param: 'actionId',
  itemQuery: actionQueryOptions,
  templates: actionTemplates,
  templateItem: (template) => template.action,
  templatePaths: {
    create: orgPaths.actionTemplateCreate,
    send: orgPaths.actionSend,
    sendNow: orgPaths.actionTemplateSend,
    edit: orgPaths.actionTemplateEdit,
    copy: orgPaths.actionTemplateCopy,
    delete: orgPaths.actionTemplateDelete,
    inspect: orgPaths.actionTemplateInspect,
  },
  icon: BellIcon,
});

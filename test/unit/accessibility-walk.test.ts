import { describe, expect, it } from 'vitest';
import { orgPaths, paths } from '../../frontend/src/lib/paths.ts';
import { orgWalk, SAMPLE_WALK_IDS, signedInWalk, topLevelWalk } from '../support/accessibility-walk.ts';

const ids = SAMPLE_WALK_IDS;

/** The guard of the accessibility walk: every route of the path table is opened, every parameter filled. */
describe('the accessibility walk covers the path table', () => {
  it('opens every route of an organisation with all its parameters filled', () => {
    const walk = orgWalk(ids);
    const walked = new Set(walk.map((stop) => stop.name.replace(/( #\d+|\?.*)$/, '')));
    expect([...walked].sort()).toEqual(Object.keys(orgPaths).map((key) => `orgPaths.${key}`).sort());
    for (const stop of walk) {
      expect(stop.url, stop.name).toMatch(/^\/org-1(\/|$)/);
      expect(stop.url, stop.name).not.toContain(':');
    }
  });

  it('fills each parameter with the entity its route shows', () => {
    const url = (name: string) => orgWalk(ids).filter((stop) => stop.name.startsWith(name)).map((stop) => stop.url);
    expect(url('orgPaths.tabletEdit')).toEqual(['/org-1/devices/tablet/tablet-1/edit']);
    expect(url('orgPaths.deviceEdit')).toEqual(['/org-1/devices/watch-1/edit']);
    expect(url('orgPaths.tabletTemplateEdit')).toEqual(['/org-1/settings/tablet/templates/tablet-template-1/edit']);
    expect(url('orgPaths.notificationTemplateEdit')).toEqual(['/org-1/notifications/template/edit/notification-template-1']);
    expect(url('orgPaths.notifications?tab=templates&')).toEqual(['/org-1/notifications?tab=templates&selected=notification-template-1']);
    expect(url('orgPaths.notificationDelete')).toEqual(['/org-1/notifications/delete/notification-1', '/org-1/notifications/delete/series-1']);
    expect(url('orgPaths.actionCopy')).toEqual(['/org-1/actions/copy/action-1']);
    expect(url('orgPaths.actionSend')).toEqual(['/org-1/actions/send/action-template-1']);
    expect(url('orgPaths.actionTemplateDelete')).toEqual(['/org-1/actions/template/delete/action-template-1']);
    expect(url('orgPaths.actions?tab=templates&')).toEqual(['/org-1/actions?tab=templates&selected=action-template-1']);
    expect(url('orgPaths.shiftsView')).toEqual(['/org-1/schedule/2026-12-31/day', '/org-1/schedule/2026-12-28/week']);
    expect(url('orgPaths.shiftTemplateApply')).toEqual(['/org-1/schedule/2026-12-28/week/shift-template-1']);
    expect(url('orgPaths.shiftActivityEdit')).toEqual(['/org-1/settings/shift-planner/shift-activity/edit/activity-1']);
    expect(url('orgPaths.taskUndo')).toEqual(['/org-1/tasks/complete/undo/task-1']);
    expect(url('orgPaths.taskDraftEdit')).toEqual(['/org-1/tasks/draft/edit/task-draft-1']);
    expect(url('orgPaths.taskTemplateCopy')).toEqual(['/org-1/tasks/template/copy/task-template-1']);
    expect(url('orgPaths.taskSendFromDraft')).toEqual(['/org-1/tasks/send-from-draft/task-draft-1']);
    expect(url('orgPaths.taskTemplateDelete')).toEqual(['/org-1/tasks/template/delete/task-template-1']);
    expect(url('orgPaths.tasks?tab=drafts&')).toEqual(['/org-1/tasks?tab=drafts&selected=task-draft-1']);
    expect(url('orgPaths.automationTriggerEdit')).toEqual(['/org-1/automation/triggers/edit/trigger-1']);
    expect(url('orgPaths.automationTriggerGroupEdit')).toEqual(['/org-1/automation/trigger-groups/edit/trigger-group-1']);
  });

  it('opens every route outside an organisation, signed out or signed in', () => {
    const names = [...topLevelWalk('signedOut', ids), ...topLevelWalk('signedIn', ids)].map((stop) => stop.name);
    expect(new Set(names)).toEqual(new Set(Object.keys(paths).map((key) => `paths.${key}`)));
    expect(topLevelWalk('signedOut', ids).map((stop) => stop.url)).toEqual(['/signin', '/signup', '/kiosk']);
    expect(topLevelWalk('signedIn', ids).map((stop) => stop.url)).toContain('/kiosk');
    expect(signedInWalk(ids).length).toBe(topLevelWalk('signedIn', ids).length + orgWalk(ids).length);
  });
});

import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WorkflowItem } from '@portal/shared/automation/automation.schema';
import { isUnknownId } from '../../../ui/overlay-route.tsx';
import { StatusChip } from '../../../ui/status-chip.tsx';
import { WORKFLOW_TEMPLATES } from '../api/workflow-templates.ts';
import { replaceWorkflowId, workflowKey } from '../utils/trigger-form-model.ts';
import { OrderedList } from './ordered-list.tsx';
import { TemplatePicker } from './template-picker.tsx';

/** The in-place task template editor is a card of its own, loaded when first opened. */
const TaskTemplateEditor = lazy(async () => ({ default: (await import('./task-template-editor.tsx')).TaskTemplateEditor }));

interface WorkflowFieldProps {
  orgId: string;
  value: WorkflowItem[];
  onChange: (workflows: WorkflowItem[]) => void;
  error?: string;
}

/**
 * A trigger's workflow (spec 001 §3): its templates in the order they run, each named by its
 * template, moved and removed by buttons; templates added by kind and search; a task template
 * edited in place becomes a new template that takes the item's place (spec 001 §4).
 */
export function WorkflowField({ orgId, value, onChange, error }: WorkflowFieldProps) {
  const { t } = useTranslation('automation');
  const [editing, setEditing] = useState<number>();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const templates = useQueries({ queries: value.map((item) => ({ ...WORKFLOW_TEMPLATES[item.type].itemQueryOptions(orgId, item.id), retry: false })) });

  const nameOf = (index: number) => {
    const query = templates[index];
    if (!query || query.isPending) return t('workflow.loadingName');
    if (isUnknownId(query.error)) return t('workflow.missing');
    return query.data?.title || t('workflow.untitled');
  };

  function closeEditor(index: number) {
    setEditing(undefined);
    // The editor is a card of its own: focus goes back to the item's edit button (a new one when the item took a new template).
    setTimeout(() => fieldset.current?.querySelector<HTMLButtonElement>(`[data-edit="${index}"]`)?.focus());
  }

  return (
    <fieldset ref={fieldset} className="workflow-field">
      <legend>{t('workflow.label')}</legend>
      <p className="workflow-field__help">{t('workflow.help')}</p>
      <OrderedList
        label={t('workflow.label')}
        items={value}
        empty={t('workflow.empty')}
        onChange={onChange}
        entryOf={(item) => {
          const index = value.indexOf(item);
          const missing = isUnknownId(templates[index]?.error);
          return {
            key: workflowKey(item),
            label: nameOf(index),
            detail: (
              <StatusChip tone={missing ? 'danger' : 'neutral'}>{t(`workflowTypes.${item.type}`)}</StatusChip>
            ),
            actions:
              item.type === 'task-template' && !missing ? (
                <Button
                  type="button"
                  size="small"
                  data-edit={index}
                  onClick={() => setEditing(index)}
                >
                  {t('workflow.edit')}
                  <span className="visually-hidden"> ({nameOf(index)})</span>
                </Button>
              ) : undefined,
          };
        }}
      />
      {error ? (
        <p className="workflow-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <TemplatePicker orgId={orgId} workflows={value} onAdd={(item) => onChange([...value, item])} />
      {editing !== undefined && value[editing] ? (
        <Suspense fallback={null}>
          <TaskTemplateEditor
            orgId={orgId}
            templateId={value[editing].id}
            onClose={() => closeEditor(editing)}
            onSaved={(id) => {
              onChange(replaceWorkflowId(value, editing, id));
              closeEditor(editing);
            }}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}

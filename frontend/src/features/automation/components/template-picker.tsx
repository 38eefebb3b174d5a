import { useRef, useState } from 'react';
import { Button, Flex, Loader, SelectField, TextField } from '@aws-amplify/ui-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_ITEM_TYPES, WORKFLOW_MAX, type WorkflowItem, type WorkflowItemType } from '@portal/shared/automation/automation.schema';
import { TEMPLATE_LIST_ROW_HEIGHT_PX, TEMPLATE_SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import { LoadMoreFooter } from '../../../ui/load-more-footer.tsx';
import { useDebouncedValue } from '../../../ui/use-debounced-value.ts';
import { WORKFLOW_TEMPLATES } from '../api/workflow-templates.ts';
import { hasTemplate } from '../utils/trigger-form-model.ts';

interface TemplatePickerProps {
  orgId: string;
  workflows: readonly WorkflowItem[];
  onAdd: (item: WorkflowItem, title: string) => void;
}

/**
 * Adds a template to the workflow: one kind at a time, searched on the server like the modules'
 * template tabs (spec 001 §7: by term, newest first, token paging), each result with its own
 * "Add" button, in rows of the template list's height (spec 001 §9: 64 px, as on those tabs). A
 * template already in the workflow is not offered twice.
 */
export function TemplatePicker({ orgId, workflows, onAdd }: TemplatePickerProps) {
  const { t } = useTranslation('automation');
  const [type, setType] = useState<WorkflowItemType>('action-template');
  const [term, setTerm] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const debounced = useDebouncedValue(term.trim(), TEMPLATE_SEARCH_DEBOUNCE_MS);
  const list = useInfiniteQuery(WORKFLOW_TEMPLATES[type].searchQueryOptions(orgId, debounced, false));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const full = workflows.length >= WORKFLOW_MAX;
  const resultsLabel = t('workflow.results');

  return (
    <fieldset className="template-picker">
      <legend>{t('workflow.add')}</legend>
      <Flex gap="small" wrap="wrap" alignItems="flex-end">
        <SelectField flex="1 1 10rem" label={t('workflow.kind')} value={type} onChange={(event) => setType(event.target.value as WorkflowItemType)}>
          {WORKFLOW_ITEM_TYPES.map((kind) => (
            <option key={kind} value={kind}>
              {t(`workflowTypes.${kind}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          ref={search}
          flex="2 1 14rem"
          type="search"
          label={t('workflow.search')}
          placeholder={t('workflow.searchPlaceholder')}
          autoComplete="off"
          maxLength={64}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          // Enter searches; it must not submit the trigger's form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </Flex>
      {full ? <p className="template-picker__note">{t('workflow.full', { max: WORKFLOW_MAX })}</p> : null}
      {list.isPending ? <Loader aria-label={t('list.loading')} /> : null}
      {list.isError ? <p className="template-picker__note">{t('workflow.searchFailed')}</p> : null}
      {list.isSuccess && items.length === 0 ? (
        <p className="template-picker__note">{debounced ? t('workflow.noMatches', { term: debounced }) : t('workflow.noTemplates', { kind: t(`workflowTypes.${type}`) })}</p>
      ) : null}
      <ul className="template-picker__results" aria-label={resultsLabel}>
        {items.map((template) => {
          const added = hasTemplate(workflows, type, template.id);
          return (
            <li key={template.id} className="template-picker__result" style={{ height: TEMPLATE_LIST_ROW_HEIGHT_PX }}>
              <span className="template-picker__title">{template.title || t('workflow.untitled')}</span>
              <Button type="button" size="small" isDisabled={added || full} onClick={() => {
                  onAdd({ id: template.id, type }, template.title);
                  // The button turns to "Added": the keyboard goes on from the search, for the next template.
                  search.current?.focus();
                }}>
                {added ? t('workflow.added') : t('workflow.addOne')}
                <span className="visually-hidden"> ({template.title || t('workflow.untitled')})</span>
              </Button>
            </li>
          );
        })}
      </ul>
      <LoadMoreFooter list={list} loadMoreLabel={t('list.loadMore')} loadingLabel={t('list.loading')} showRefresh={false} />
    </fieldset>
  );
}

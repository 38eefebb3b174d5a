import { useState } from 'react';
import { Button, Flex, Loader, SearchField, ToggleButton } from '@aws-amplify/ui-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_LIST_ROW_HEIGHT_PX, TEMPLATE_SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BellIcon } from '../../../ui/icons.tsx';
import { LoadMoreFooter } from '../../../ui/load-more-footer.tsx';
import { useDebouncedValue } from '../../../ui/use-debounced-value.ts';
import { templateSearchQueryOptions } from '../api/templates.ts';
import { useNotificationsNav } from '../hooks/use-notifications-nav.ts';
import { formatDate } from '../utils/display.ts';
import { withTab } from '../utils/notification-tabs.ts';
import '@aws-amplify/ui-react/styles/searchField.css';
import '@aws-amplify/ui-react/styles/toggleButton.css';

/** Templates: searched on the server (debounced 1000 ms), sorted by creation, token paging. */
export function TemplateList({ selected }: { selected: string | undefined }) {
  const { t, i18n } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const { to, search } = useNotificationsNav();
  const [term, setTerm] = useState('');
  // The search button and Enter search at once; typing searches after the debounce.
  const [submitted, setSubmitted] = useState<string>();
  const [isAscending, setAscending] = useState(false);
  const typed = useDebouncedValue(term.trim(), TEMPLATE_SEARCH_DEBOUNCE_MS);
  const debounced = submitted === term.trim() ? submitted : typed;
  const list = useInfiniteQuery(templateSearchQueryOptions(organization.id, debounced, isAscending));

  if (list.isError) throw list.error;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="notification-list">
      <Flex gap="small" alignItems="flex-end" wrap="wrap" marginBottom="small">
        <SearchField
          label={t('templates.search')}
          placeholder={t('templates.searchPlaceholder')}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onClear={() => setTerm('')}
          onSubmit={(value) => setSubmitted(value.trim())}
          clearButtonLabel={t('templates.clearSearch')}
          // Amplify's own search button is an icon named 'Search' in every language: this one has translated text.
          outerEndComponent={
            <Button type="button" onClick={() => setSubmitted(term.trim())}>
              {t('templates.searchButton')}
            </Button>
          }
          maxLength={64}
          flex="1 1 100%"
        />
        {/* Named by its content, which holds the visible text (WCAG 2.5.3): "Sort by creation date: Newest first". */}
        <ToggleButton isPressed={isAscending} onChange={() => setAscending((on) => !on)} size="small">
          <span className="visually-hidden">{t('templates.sortLabel')}: </span>
          {t(isAscending ? 'templates.oldestFirst' : 'templates.newestFirst')}
        </ToggleButton>
      </Flex>
      {list.isPending ? <Loader aria-label={t('list.loading')} /> : null}
      {list.isSuccess && items.length === 0 ? (
        <EmptyState
          compact
          icon={<BellIcon />}
          title={debounced ? t('list.noMatches', { term: debounced }) : t('list.emptyTemplates')}
          help={t(debounced ? 'list.noMatchesHelp' : 'list.emptyTemplatesHelp')}
          action={debounced ? undefined : <ButtonLink to={to(orgPaths.notificationTemplateCreate)}>{t('list.emptyTemplatesAction')}</ButtonLink>}
        />
      ) : null}
      <ul className="notification-list__items" aria-label={t('list.templates')}>
        {items.map((template) => (
          <li key={template.id} style={{ height: TEMPLATE_LIST_ROW_HEIGHT_PX }}>
            <Link
              className="notification-list__row"
              style={{ height: '100%' }}
              aria-current={template.id === selected ? 'true' : undefined}
              to={to(orgPaths.notifications, {}, withTab(search, 'templates', template.id))}
            >
              <span className="notification-list__title">{template.title || t('list.untitled')}</span>
              <span className="notification-list__meta">{t('templates.created', { date: formatDate(new Date(template.created_time), i18n.language) })}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} loadMoreLabel={t('actions.loadMore')} loadingLabel={t('list.loading')} showRefresh={false} />
    </div>
  );
}

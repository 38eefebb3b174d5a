import { useEffect, useState } from 'react';
import { Button, CheckboxField, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USERS_SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import { usersListQueryOptions } from '../api/users.ts';
import { normaliseFilter } from '../utils/users-filter.ts';
import { toggleId, userDisplayName } from '../utils/user-form-model.ts';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';

interface MembersPickerProps {
  orgId: string;
  legend: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
}

/** A group's members: people found by the same server-side search as the list, paged. */
export function MembersPicker({ orgId, legend, value, onChange }: MembersPickerProps) {
  const { t } = useTranslation('users');
  const [text, setText] = useState('');
  const [filter, setFilter] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setFilter(normaliseFilter(text)), USERS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const people = useInfiniteQuery(usersListQueryOptions(orgId, 'person', filter));
  const users = people.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <fieldset className="form-fieldset">
      <legend>{legend}</legend>
      <TextField
        label={t('groups.findUsers')}
        type="search"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Text variation="secondary">{t('groups.selectedCount', { count: value.length })}</Text>
      {people.isPending ? <Loader /> : null}
      {people.isError ? <Text variation="error">{t('list.loadFailed')}</Text> : null}
      <div className="check-list">
        {users.map((user) => (
          <CheckboxField
            key={user.id}
            label={`${userDisplayName(user)} (${user.email})`}
            name="users"
            value={user.id}
            checked={value.includes(user.id)}
            onChange={(event) => onChange(toggleId(value, user.id, event.target.checked))}
          />
        ))}
      </div>
      {people.hasNextPage ? (
        <Button size="small" onClick={() => void people.fetchNextPage()} isLoading={people.isFetchingNextPage}>
          {t('list.loadMore')}
        </Button>
      ) : null}
    </fieldset>
  );
}

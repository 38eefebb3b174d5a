import { useEffect, useState } from 'react';
import { Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USERS_SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import type { UserDto } from '@portal/shared/users/user.schema';
import { userChoicesQueryOptions, userQueryOptions } from '../../../lib/organization-data/users.ts';

const nameOf = (user: UserDto) => `${user.firstname} ${user.lastname}`.trim() || user.email;

interface UserSelectProps {
  orgId: string;
  value: string;
  onChange: (userId: string) => void;
}

/** Whom the device serves (optional): a search over people and device users, then a select. */
export function UserSelect({ orgId, value, onChange }: UserSelectProps) {
  const { t } = useTranslation('devices');
  const [text, setText] = useState('');
  const [filter, setFilter] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setFilter(text.trim().slice(0, 64)), USERS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const people = useQuery(userChoicesQueryOptions(orgId, 'person', filter));
  const deviceUsers = useQuery(userChoicesQueryOptions(orgId, 'device', filter));
  const found = [...(people.data?.items ?? []), ...(deviceUsers.data?.items ?? [])];
  const served = useQuery({ ...userQueryOptions(orgId, value), enabled: Boolean(value) && !found.some((u) => u.id === value) });

  return (
    <Flex direction="column" gap="xs">
      <TextField label={t('form.findUser')} type="search" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
      <SelectField label={t('form.user')} name="user_id" value={value} onChange={(event) => onChange(event.target.value)} descriptiveText={t('form.userHint')}>
        <option value="">{t('form.noUser')}</option>
        {value && !found.some((u) => u.id === value) ? <option value={value}>{served.data ? nameOf(served.data) : value}</option> : null}
        {people.data?.items.length ? (
          <optgroup label={t('form.people')}>
            {people.data.items.map((user) => (
              <option key={user.id} value={user.id}>
                {nameOf(user)}
              </option>
            ))}
          </optgroup>
        ) : null}
        {deviceUsers.data?.items.length ? (
          <optgroup label={t('form.deviceUsers')}>
            {deviceUsers.data.items.map((user) => (
              <option key={user.id} value={user.id}>
                {nameOf(user)}
              </option>
            ))}
          </optgroup>
        ) : null}
      </SelectField>
    </Flex>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WATCH_SETTINGS } from '@portal/shared/settings/watch-settings.schema';
import type { OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import { organizationsQueryOptions } from '../features/organizations/api/get-organizations.ts';
import { getIdToken, getIdTokenClaims } from '../lib/auth.ts';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import { PageLoader } from '../ui/page-loader.tsx';
import { emulatorBroker } from './broker.ts';
import { useWatchConnection } from './use-watch-connection.ts';
import { TriggerMenuPanel } from './trigger-menu.tsx';
import { watchConfigQueryOptions } from './watch-config.ts';
import { registerWatchLocales } from './watch-i18n.ts';
import { WatchScreen } from './watch-screen.tsx';
import './watch.css';

registerWatchLocales();

/**
 * /watch: a smart watch in the browser, signed in as the current user. It shows the messages sent
 * to the user in the chosen organisation and sends `received` and `read` like a real watch.
 */
export function WatchRoute() {
  const { t } = useTranslation('watch');
  const organizations = useQuery(organizationsQueryOptions());
  const claims = useQuery({ queryKey: ['auth', 'id-token-claims'], queryFn: getIdTokenClaims, retry: false, staleTime: Infinity });
  const [chosen, setChosen] = useState<string>();

  if (organizations.isPending || claims.isPending) return <PageLoader />;
  if (organizations.isError) throw organizations.error;
  if (claims.isError) throw claims.error;
  const userId = typeof claims.data?.sub === 'string' ? claims.data.sub : undefined;
  const list = organizations.data;
  const org = list.find((o) => o.id === chosen) ?? list[0];
  const { url, topicRoot } = emulatorBroker();

  return (
    <main className="watch-page">
      <header className="watch-page__header">
        <h1 className="watch-page__title">{t('title')}</h1>
        <LanguageSwitcher />
      </header>
      <p className="watch-page__help">{t('help')}</p>
      {list.length > 1 ? <OrganizationSelect organizations={list} value={org?.id} onChange={setChosen} /> : org ? <p>{org.name}</p> : null}
      {!org || !userId ? <p role="alert">{t('noOrganization')}</p> : null}
      {org && userId && !url ? <p role="alert">{t('notConfigured')}</p> : null}
      {org && userId && url ? <ConnectedWatch key={`${org.id}:${userId}`} url={url} topicRoot={topicRoot} org={org} userId={userId} /> : null}
    </main>
  );
}

function OrganizationSelect({ organizations, value, onChange }: { organizations: OrganizationSummary[]; value: string | undefined; onChange: (id: string) => void }) {
  const { t } = useTranslation('watch');
  return (
    <label className="watch-page__org">
      {t('organization')}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The watch of one organisation: its messages, with the organisation's watch settings applied, and
 * the user's trigger menu when they have one. Until /watch-config answers (or if it fails) the
 * watch shows its messages with the default settings and no menu.
 */
function ConnectedWatch({ url, topicRoot, org, userId }: { url: string; topicRoot: string; org: OrganizationSummary; userId: string }) {
  const connection = useWatchConnection({ url, topicRoot, orgId: org.id, userId, getToken: getIdToken });
  const config = useQuery(watchConfigQueryOptions(org.id));
  const menu = config.data?.trigger_menu;
  return (
    <>
      <WatchScreen {...connection} settings={config.data?.watch ?? DEFAULT_WATCH_SETTINGS} timeZone={org.time_zone} />
      {menu ? <TriggerMenuPanel menu={menu} connected={connection.state === 'connected'} onPress={connection.press} /> : null}
    </>
  );
}

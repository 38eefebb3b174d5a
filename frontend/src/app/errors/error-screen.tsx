import { useEffect, type ReactNode } from 'react';
import { Button, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { logOut } from '../../lib/auth.ts';
import { reportError } from '../../lib/error-reporter.ts';
import { supportMailto } from '../../lib/support.ts';
import { CenteredPage } from '../../ui/centered-page.tsx';
import { NoAccessPage } from '../routing/no-access-page.tsx';
import type { AppErrorKind } from './classify-error.ts';

export type ErrorScreenKind = AppErrorKind | 'preload';

interface ErrorScreenProps {
  kind: ErrorScreenKind;
  /** Try again (refetch); without it, the page is reloaded. */
  onRetry?: () => void;
  /** Inside the shell the screen fills the main area; elsewhere it is a centred card. */
  inline?: boolean;
  /** What went wrong, for the error report; without it the report names the screen. */
  error?: unknown;
}

const reload = () => window.location.reload();

/** The application's error states (spec 000 §8, spec 001 §8); every one offers a way out. */
export function ErrorScreen({ kind, onRetry, inline = false, error }: ErrorScreenProps) {
  const { t } = useTranslation('app');
  // Spec 001 §8: errors are reported. A new version and a missing right are not faults of the app.
  useEffect(() => {
    if (kind !== 'new-version' && kind !== 'no-access') reportError('error-page', error ?? `Error screen shown: ${kind}`);
  }, [kind, error]);
  if (kind === 'new-version') {
    return (
      <Frame inline={inline} title={t('errors.newVersion')}>
        <Text>{t('errors.newVersionText')}</Text>
        <Button variation="primary" onClick={reload}>
          {t('errors.refresh')}
        </Button>
      </Frame>
    );
  }

  const signOut = <Button onClick={() => void logOut()}>{t('shell.signOut')}</Button>;
  const retry = (
    <Button variation="primary" onClick={onRetry ?? reload}>
      {t('errors.tryAgain')}
    </Button>
  );
  const report = (
    <Text>
      {t('errors.reportIssue')}{' '}
      <Link href={supportMailto(t('errors.reportSubject'), `${window.location.href}\n\n`)}>{t('errors.clickHere')}</Link>
    </Text>
  );

  switch (kind) {
    case 'no-access':
      // Inside the shell the menu leads on; outside it, signing out is the way on.
      return inline ? (
        <NoAccessPage />
      ) : (
        <CenteredPage>
          <Flex direction="column" gap="medium">
            <NoAccessPage />
            <Flex gap="small">{signOut}</Flex>
          </Flex>
        </CenteredPage>
      );
    case 'sign-out':
      return (
        <Frame inline={inline} title={t('errors.somethingWentWrong')}>
          <Text>{t('errors.problemSignOut')}</Text>
          {report}
          <Flex gap="small">{signOut}</Flex>
        </Frame>
      );
    case 'token':
      return (
        <Frame inline={inline} title={t('errors.cannotParseToken')}>
          <Flex gap="small">{signOut}</Flex>
        </Frame>
      );
    case 'preload':
      return (
        <Frame inline={inline} title={t('errors.failedToPreload')}>
          <Text>{t('errors.problemProcessing')}</Text>
          <Flex gap="small">
            {retry}
            {signOut}
          </Flex>
        </Frame>
      );
    case 'unknown':
      return (
        <Frame inline={inline} title={t('errors.unknown')}>
          {report}
          <Flex gap="small">
            {retry}
            {signOut}
          </Flex>
        </Frame>
      );
    default:
      return (
        <Frame inline={inline} title={t('errors.somethingWentWrong')}>
          <Text>{t('errors.problemProcessing')}</Text>
          {report}
          <Flex gap="small">
            {retry}
            {signOut}
          </Flex>
        </Frame>
      );
  }
}

function Frame({ inline, title, children }: { inline: boolean; title: string; children: ReactNode }) {
  const content = (
    <Flex direction="column" gap="medium" role="alert">
      <Heading level={inline ? 2 : 1}>{title}</Heading>
      {children}
    </Flex>
  );
  return inline ? content : <CenteredPage>{content}</CenteredPage>;
}

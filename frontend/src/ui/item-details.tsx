import type { ComponentProps, ReactNode } from 'react';
import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { ButtonLink } from './button-link.tsx';
import { useDeveloperMode } from './developer-mode.tsx';

/**
 * The details pane of a list page (notifications, actions, tasks, their templates and drafts): one
 * shape for all of them, so a module writes only its facts. `DetailsQuery` loads the item; an id
 * the API does not know (4xx) says so in the pane, a failure goes to the error boundary.
 */
export function DetailsQuery<T>({ query, loadingLabel, notFound, children }: { query: UseQueryResult<T>; loadingLabel: string; notFound: string; children: (item: T) => ReactNode }) {
  if (query.isPending) return <Loader aria-label={loadingLabel} />;
  if (query.error instanceof ApiError && query.error.status < 500) return <Text>{notFound}</Text>;
  if (query.isError) throw query.error;
  return <>{children(query.data)}</>;
}

/** A link of the pane's row of links; `developer` ones (inspect) only in developer mode, `hidden` ones not at all. */
export interface DetailsLink {
  to: ComponentProps<typeof ButtonLink>['to'];
  label: string;
  developer?: boolean;
  hidden?: boolean;
}

interface ItemDetailsProps {
  /** The heading's id, which names the pane (`details-<id>`, `template-<id>`). */
  id: string;
  title: ReactNode;
  message?: string | null;
  /** The accessible name of the row of links. */
  linksLabel: string;
  /** None: no row of links (a recipient who may not change the item). */
  links: DetailsLink[];
  children?: ReactNode;
}

/** The pane: the item's title and message, its links, then what the module shows of it. */
export function ItemDetails({ id, title, message, linksLabel, links, children }: ItemDetailsProps) {
  const developerMode = useDeveloperMode();
  const shown = links.filter((link) => !link.hidden && (!link.developer || developerMode));
  return (
    <article className="item-details" aria-labelledby={id}>
      <Heading level={3} id={id} fontSize="large">
        {title}
      </Heading>
      {message ? <Text className="item-details__message">{message}</Text> : null}
      {shown.length ? (
        <nav aria-label={linksLabel} className="item-details__actions action-row">
          {shown.map((link) => (
            <ButtonLink key={link.label} variation="link" size="small" to={link.to}>
              {link.label}
            </ButtonLink>
          ))}
        </nav>
      ) : null}
      {children}
    </article>
  );
}

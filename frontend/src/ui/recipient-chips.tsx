import { useMemo } from 'react';
import type { Recipient } from '@portal/shared/recipients/recipient.schema';
import { useOrganizationContext } from '../lib/organization-context.tsx';
import { useRecipientOptions } from '../lib/organization-data/recipients.ts';
import { nameOf, recipientChoices, recipientKey } from './recipient-choices.ts';
import { usePickerLabels } from './use-picker-labels.ts';
import './list-pane.css';

/** Recipients by name, user groups with their colour (a details pane's recipients). */
export function RecipientChips({ recipients, label }: { recipients: readonly Recipient[]; label?: string }) {
  const { organization } = useOrganizationContext();
  const options = useRecipientOptions(organization.id);
  const labels = usePickerLabels();
  const choices = useMemo(() => (options.data ? recipientChoices(options.data, labels.everyone) : []), [options.data, labels.everyone]);
  return (
    <ul className="recipient-chips" aria-label={label}>
      {recipients.map((recipient) => {
        const color = choices.find((c) => c.key === recipientKey(recipient))?.color;
        return (
          <li key={recipientKey(recipient)} className="recipient-picker__chip">
            {color ? <span className="recipient-picker__swatch" style={{ background: color }} aria-hidden="true" /> : null}
            {recipient.type === 'everyone' && !options.data ? labels.everyone : nameOf(choices, recipient)}
          </li>
        );
      })}
    </ul>
  );
}

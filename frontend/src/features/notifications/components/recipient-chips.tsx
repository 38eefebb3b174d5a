import { useMemo } from 'react';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { nameOf, recipientChoices, recipientKey } from '../../../ui/recipient-choices.ts';
import { useRecipientOptions } from '../../../lib/organization-data/recipients.ts';
import { recipientsOf } from '../utils/notification-form-model.ts';
import { usePickerLabels } from '../hooks/use-picker-labels.ts';

/** The recipients of group 0 by name, user groups with their colour. */
export function RecipientChips({ groups }: { groups: RecipientGroup[] }) {
  const { organization } = useOrganizationContext();
  const options = useRecipientOptions(organization.id);
  const labels = usePickerLabels();
  const choices = useMemo(() => (options.data ? recipientChoices(options.data, labels.everyone) : []), [options.data, labels.everyone]);
  const recipients = recipientsOf(groups);
  return (
    <ul className="recipient-chips">
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

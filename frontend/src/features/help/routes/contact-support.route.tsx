import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgPaths } from '../../../lib/paths.ts';
import { useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { SideCard, useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { ContactSupportForm } from '../components/contact-support-form.tsx';

/** /help/contact-us/create: the support form as a side card (an editor: Escape closes it too). */
export function ContactSupportRoute() {
  const { t } = useTranslation('help');
  const close = useCloseOverlay(orgPaths.helpContactUs);
  const closeSoon = useCloseAfterSubmit(close);
  // A half-written message is not thrown away by a stray click outside the card.
  const [dirty, setDirty] = useState(false);
  return (
    <SideCard title={t('contactUs.form.title')} onClose={close} frozen={dirty} closeOnEscape>
      <ContactSupportForm onDirtyChange={setDirty} onSent={closeSoon} />
    </SideCard>
  );
}

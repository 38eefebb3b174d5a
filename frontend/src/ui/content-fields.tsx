import type { ReactNode } from 'react';
import { Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import type { FormikProps } from 'formik';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '@portal/shared/constants';
import { fieldProps } from './formik-field.ts';
import { SideCard } from './side-card.tsx';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a watch shows (spec 000 §5): the title (27) and message (107) fields with their counters.
 * Texts from the module's namespace: form.title, form.titlePlaceholder, form.message,
 * form.messagePlaceholder, form.counter.
 */
export function ContentFields<V extends { title: string; message: string }>({
  form,
  t,
  message,
  titleRequired = false,
}: {
  form: FormikProps<V>;
  t: Translate;
  message: (value: unknown) => string | undefined;
  titleRequired?: boolean;
}) {
  const { title, message: body } = form.values;
  return (
    <>
      <TextField
        label={t('form.title')}
        placeholder={t('form.titlePlaceholder')}
        autoComplete="off"
        isRequired={titleRequired}
        maxLength={NOTIFICATION_TITLE_MAX}
        descriptiveText={t('form.counter', { count: title.length, max: NOTIFICATION_TITLE_MAX })}
        {...fieldProps(form, 'title', message)}
      />
      <TextAreaField
        label={t('form.message')}
        placeholder={t('form.messagePlaceholder')}
        rows={3}
        maxLength={NOTIFICATION_MESSAGE_MAX}
        descriptiveText={t('form.counter', { count: body.length, max: NOTIFICATION_MESSAGE_MAX })}
        {...fieldProps(form, 'message', message)}
      />
    </>
  );
}

/** A form in a side card: frozen while changed (no close on outside click), closes on Escape, submits once. */
export function SideCardForm({ title, onClose, frozen, onSubmit, children }: { title: string; onClose: () => void; frozen: boolean; onSubmit: () => void; children: ReactNode }) {
  return (
    <SideCard title={title} onClose={onClose} frozen={frozen} closeOnEscape>
      <Flex
        as="form"
        direction="column"
        gap="medium"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </Flex>
    </SideCard>
  );
}

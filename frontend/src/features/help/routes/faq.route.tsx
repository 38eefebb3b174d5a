import { Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { HelpTip } from '../../../ui/help-tip.tsx';
import { faqItems } from '../utils/help-content.ts';
import '../help.css';

/** /help/FAQ: questions that open to their answers. */
export function FaqRoute() {
  const { t } = useTranslation('help');
  return (
    <Flex direction="column" gap="medium">
      <HelpTip title={t('faq.tipTitle')}>
        <p>{t('faq.tip')}</p>
      </HelpTip>
      <Text>{t('faq.intro')}</Text>
      <div className="faq">
        {faqItems(t).map((item) => (
          <details key={item.q} className="faq__item">
            <summary className="faq__question">{item.q}</summary>
            {item.a.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </details>
        ))}
      </div>
    </Flex>
  );
}

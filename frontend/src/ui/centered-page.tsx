import type { ReactNode } from 'react';
import { Card, Flex, View } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ProductLogo } from './icons.tsx';
import './components.css';

/** A single card in the middle of the page, under the product's logo: sign-in, organisation chooser, error pages. */
export function CenteredPage({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation('app');
  return (
    <Flex as="main" direction="column" alignItems="center" justifyContent="center" minHeight="100vh" padding="medium" className="centered-page">
      <div className="centered-page__brand">
        <ProductLogo size={40} />
        <span>{t('title')}</span>
      </div>
      <Card variation="elevated" width="100%" maxWidth="28rem" padding="large">
        {children}
      </Card>
      {footer ? <View marginTop="medium">{footer}</View> : null}
    </Flex>
  );
}

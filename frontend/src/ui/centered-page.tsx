import type { ReactNode } from 'react';
import { Card, Flex, View } from '@aws-amplify/ui-react';

/** A single card in the middle of the page: sign-in, organisation chooser, error pages. */
export function CenteredPage({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <Flex as="main" direction="column" alignItems="center" justifyContent="center" minHeight="100vh" padding="medium">
      <Card variation="elevated" width="100%" maxWidth="28rem" padding="large">
        {children}
      </Card>
      {footer ? <View marginTop="medium">{footer}</View> : null}
    </Flex>
  );
}

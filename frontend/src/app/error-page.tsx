import { Navigate, useRouteError } from 'react-router-dom';
import { useAuthStatus } from '../lib/auth.ts';
import { paths } from '../lib/paths.ts';
import { classifyError } from './errors/classify-error.ts';
import { ErrorScreen } from './errors/error-screen.tsx';

/**
 * Route error boundary: a failed chunk load shows the new-version notice, other errors the generic
 * error page of spec 000 §8 (or its sign-out variant of spec 001 §8). `inline` keeps the shell around it.
 */
export function ErrorPage({ inline = false }: { inline?: boolean }) {
  const error = useRouteError();
  const status = useAuthStatus();

  // A 401 ends the session; its error lands here, but the user belongs on the sign-in page.
  if (status === 'signedOut') return <Navigate to={paths.signIn.href()} replace />;

  const kind = classifyError(error);
  if (kind !== 'new-version') console.error(error);
  // The screen reports the error it shows (lib/error-reporter.ts), with this error's message and stack.
  return <ErrorScreen kind={kind} inline={inline} error={error} />;
}

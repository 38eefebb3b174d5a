import { signIn, signOut } from 'aws-amplify/auth';

/**
 * Amplify's sign-in and sign-out flows (with their SRP and error tables), loaded by lib/auth.ts
 * when a user signs in or out: a page that only reads the session does not carry them (issue 12).
 */
export { signIn, signOut };

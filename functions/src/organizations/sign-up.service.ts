import { timingSafeEqual } from 'node:crypto';
import { SIGN_UP_MESSAGES, type SignUpInput, type SignUpResponse } from '@portal/shared/identity/sign-up.schema';
import { ForbiddenError } from '../platform/errors/domain-errors.ts';
import { createSignInIdentity, deleteSignInIdentity } from '../platform/identity/cognito-admin.ts';
import { logger } from '../platform/logger.ts';
import { ensureAccount } from '../platform/tenancy/user-accounts.repository.ts';
import { foundOrganization } from './organizations.service.ts';
import { signupCodes } from './signup-codes.ts';

/** A new organisation starts in this zone; its superadmin changes it in settings. */
const DEFAULT_TIME_ZONE = 'Europe/Berlin';

async function isValidCode(code: string): Promise<boolean> {
  const given = Buffer.from(code);
  return (await signupCodes()).some((valid) => {
    const expected = Buffer.from(valid);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/**
 * Sign-up (spec 001 §3): a valid operator code creates the organisation and its first user as
 * superadmin with the everyone group. The sign-in identity is removed again if the data write
 * fails, so a failed sign-up leaves nothing behind.
 */
export async function signUp(input: SignUpInput): Promise<SignUpResponse> {
  if (!(await isValidCode(input.signup_code))) throw new ForbiddenError(SIGN_UP_MESSAGES.invalidCode);
  const userId = await createSignInIdentity(input.email, input.password);
  try {
    const owner = { userId, email: input.email, firstname: input.firstname, lastname: input.lastname };
    const orgId = await foundOrganization({ name: input.company_name, timeZone: DEFAULT_TIME_ZONE, owner });
    await ensureAccount(owner);
    return { organization: { id: orgId, name: input.company_name } };
  } catch (error) {
    logger.error('Sign-up failed after the identity was created; removing it', error as Error);
    await deleteSignInIdentity(input.email).catch((cleanup) => logger.error('Identity clean-up failed', cleanup as Error));
    throw error;
  }
}

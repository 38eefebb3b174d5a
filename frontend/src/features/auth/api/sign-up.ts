import { useMutation } from '@tanstack/react-query';
import type { SignUpInput, SignUpResponse } from '@portal/shared/identity/sign-up.schema';
import { api } from '../../../lib/api.ts';

/** POST /api/signup: a new organisation and its first user (a superadmin). */
export function signUp(input: SignUpInput): Promise<SignUpResponse> {
  return api.request<SignUpResponse>('organizations', 'signUp', { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

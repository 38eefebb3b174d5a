import { useQuery } from '@tanstack/react-query';
import { getIdTokenClaims } from '../../../lib/auth.ts';

/**
 * The signed-in person's user id (the ID token's sub), so the user form can tell "myself" apart.
 * Only a hint for the form: the server decides (decision 0009). Cleared with the query cache on sign-out.
 */
export function useSignedInUserId(): string | undefined {
  const { data } = useQuery({
    queryKey: ['users', 'signed-in-user-id'],
    queryFn: async () => {
      const sub = (await getIdTokenClaims())?.sub;
      return typeof sub === 'string' ? sub : null;
    },
    staleTime: 5 * 60_000,
  });
  return data ?? undefined;
}

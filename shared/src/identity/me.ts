/** `GET /api/me`: the auth data of spec 001 §3 (the organisations come from GET /api/organizations). */
export interface MeResponse {
  userId: string;
  email: string;
  firstname?: string;
  lastname?: string;
  /** The user must change the password before using the portal (identity-provider migration). */
  isPendingEntraIdMigration: boolean;
}

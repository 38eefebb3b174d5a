/**
 * What a ciphertext is bound to: names and values of the row it is stored on (e.g. `orgId` and
 * `triggerId`). Not secret, stored nowhere with the ciphertext: whoever opens it must name it again.
 */
export type EncryptionContext = Readonly<Record<string, string>>;

/**
 * Small secrets encrypted at rest (webhook secrets, decision 0057). The ciphertext is opaque text
 * (base64) to store in place of the secret; it opens only with the same context and key.
 */
export interface SecretCipher {
  encrypt(plaintext: string, context: EncryptionContext): Promise<string>;
  /** Rejects when the ciphertext was not sealed with this context (or this key), or is damaged. */
  decrypt(ciphertext: string, context: EncryptionContext): Promise<string>;
}

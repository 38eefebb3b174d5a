/** A stored object: its bytes and the content type it was stored with. */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Small binary objects by key (the organisation's logo today). Keys are `orgs/{orgId}/...`, built by
 * the caller; the adapters know nothing of tenants.
 */
export interface ObjectStorage {
  put(key: string, object: StoredObject): Promise<void>;
  /** Undefined when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removing what is not there is no error. */
  remove(key: string): Promise<void>;
}

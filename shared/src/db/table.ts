/**
 * The ONE single-table definition. CDK builds the DynamoDB table from it and the local runtime
 * creates the same table in DynamoDB Local from it, so the two can never drift apart.
 * Keys are generic (pk/sk, gsi1pk/gsi1sk, gsi2pk/gsi2sk); entities give them meaning (docs/data-model.md).
 */
export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    // A second ordering of one entity (docs/data-model.md, rule 9): tasks by start, for a day's
    // tasks in one Query whether open or done (the dashboard, decision 0036).
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /** Attribute DynamoDB TTL reads (epoch seconds): used by short-lived rows (dedupe markers). */
  timeToLiveAttribute: 'expires_at',
} as const;

/** The table name when no TABLE_NAME is configured (local runtime). */
export const DEFAULT_LOCAL_TABLE_NAME = 'portal';

/** ElectroDB wraps DynamoDB's ConditionalCheckFailedException; its cause (or message) carries the name. */
export function isConditionFailure(error: unknown): boolean {
  const e = error as { name?: string; cause?: { name?: string }; message?: string };
  return e?.name === 'ConditionalCheckFailedException' || e?.cause?.name === 'ConditionalCheckFailedException' || /conditional request failed/i.test(e?.message ?? '');
}

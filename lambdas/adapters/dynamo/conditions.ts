/** Whether a DynamoDB write failed on its condition (alone or inside a transaction). */
export function isConditionalFailure(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err.name === 'ConditionalCheckFailedException' ||
      err.name === 'TransactionCanceledException' ||
      /conditional request failed|transaction cancelled/i.test(err.message))
  );
}

// The abuse limits' counters (lambdas/usecases/limits.ts) in the single table: read together with a
// strongly consistent batch get, written together in one transaction conditional on what was read.
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RateCounter, RateCounterWrite, RateLimiter } from '../../ports';
import { isConditionalFailure } from './conditions';
import { createEntities, type Entities } from './entities';

export class DynamoRateLimiter implements RateLimiter {
  private readonly e: Entities;

  constructor(
    private readonly documentClient: DynamoDBDocumentClient,
    table: string,
  ) {
    this.e = createEntities(documentClient, table);
  }

  async read(ids: readonly string[]): Promise<Map<string, RateCounter>> {
    const out = new Map<string, RateCounter>();
    if (ids.length === 0) return out;
    const res = await this.e.rateCounter
      .get(ids.map((counterId) => ({ counterId })))
      .go({ consistent: true, concurrency: 1 });
    if (res.unprocessed.length) throw new Error('DynamoDB left rate counters unread');
    for (const item of res.data) out.set(item.counterId, { count: item.count, windowEnd: item.windowEnd });
    return out;
  }

  async write(writes: readonly RateCounterWrite[]): Promise<boolean> {
    if (writes.length === 0) return true;
    const puts = writes.map((w) =>
      this.e.rateCounter
        .put({
          counterId: w.id,
          count: w.next.count,
          windowEnd: w.next.windowEnd,
          ttl: Math.ceil(w.next.windowEnd / 1000),
        })
        .where((a, op) =>
          w.expected === null
            ? op.notExists(a.counterId)
            : `${op.eq(a.count, w.expected.count)} AND ${op.eq(a.windowEnd, w.expected.windowEnd)}`,
        ),
    );
    try {
      // One counter: a plain conditional put (it fails only when another call's write succeeded).
      if (puts.length === 1) await puts[0]!.go();
      else {
        const items = puts.map((p) => ({ Put: p.params() as never }));
        await this.documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      }
      return true;
    } catch (err) {
      // A failed condition or a concurrent transaction on the same counter: read again.
      if (isConditionalFailure(err) || (err instanceof Error && err.name === 'TransactionConflictException'))
        return false;
      throw err;
    }
  }
}

// History items (lambdas/usecases/history.ts): each is its own item, keyed by its time and a random
// suffix; a fact that happens once at a known time (the completion, written by whichever seal workers
// race to it) is keyed by that time and its action, so racing writers write one item.
import type { HistoryRecord } from '../../../../lambdas/adapters/dynamo/documents';
import { recordHistory } from '../../../../lambdas/usecases/history';

const doc = { docuId: 'd1', ownerId: 'o1' } as Parameters<typeof recordHistory>[1];
const facts = { ip: '', userAgent: 'seal worker' };
const actor = { name: 'SignSeal', contact: '' };

function store() {
  const items = new Map<string, HistoryRecord>();
  return { items, addHistory: async (item: HistoryRecord) => void items.set(item.itemId, item) };
}

describe('recordHistory', () => {
  it('gives every ordinary item a key of its own', async () => {
    const docs = store();
    await recordHistory(docs, doc, 'agree', actor, facts);
    await recordHistory(docs, doc, 'agree', actor, facts);
    expect(docs.items.size).toBe(2);
  });

  it('writes a once-only fact as one item, whoever writes it', async () => {
    const docs = store();
    const at = '2026-11-26T11:30:06.778Z';
    await Promise.all([
      recordHistory(docs, doc, 'transfer_completion', actor, facts, undefined, undefined, { at }),
      recordHistory(docs, doc, 'transfer_completion', actor, facts, undefined, undefined, { at }),
    ]);
    expect([...docs.items.keys()]).toEqual([`${at}#transfer_completion`]);
    expect(docs.items.get(`${at}#transfer_completion`)).toMatchObject({
      time: at,
      action: 'transfer_completion',
    });
  });
});

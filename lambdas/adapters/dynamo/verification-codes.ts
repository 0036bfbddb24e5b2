// The product's pending e-mail verification codes (issue #13): one item per sign-up address or
// account, replaced by a newer code, removed when used, and expired by TTL.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { VerificationCodeRecord, VerificationCodeStore } from '../../ports';
import { isConditionalFailure } from './conditions';
import { createEntities, type Entities } from './entities';

export class DynamoVerificationCodes implements VerificationCodeStore {
  private readonly entities: Entities;

  constructor(documentClient: DynamoDBDocumentClient, table: string) {
    this.entities = createEntities(documentClient, table);
  }

  async put(record: VerificationCodeRecord): Promise<void> {
    await this.entities.verificationCode.put({ ...record }).go();
  }

  async countAttempt(codeId: string, maxAttempts: number): Promise<VerificationCodeRecord | null> {
    try {
      const res = await this.entities.verificationCode
        .patch({ codeId })
        .add({ attempts: 1 })
        .where((attr, op) => op.lt(attr.attempts, maxAttempts))
        .go({ response: 'all_new' });
      return res.data as VerificationCodeRecord;
    } catch (err) {
      // No such code (patch needs the item) or no attempt left.
      if (isConditionalFailure(err)) return null;
      throw err;
    }
  }

  async consume(codeId: string, codeHash: string): Promise<boolean> {
    try {
      await this.entities.verificationCode
        .delete({ codeId })
        .where((attr, op) => op.eq(attr.codeHash, codeHash))
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }
}

// The owner's own sign list (issue #4: the owner as a contractor) against in-memory fakes.
import { memoryLimits } from '../rate-limiter-fake';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import type { AuthUser } from '../../../../lambdas/core/http';
import type { ObjectStorage } from '../../../../lambdas/ports';
import {
  createOwnerSign,
  defaultSignOf,
  deleteOwnerSign,
  listOwnerSigns,
  MAX_OWNER_SIGNS,
  ownerSignKey,
  pickDefaultSign,
  setDefaultOwnerSign,
  type OwnerSignsDeps,
} from '../../../../lambdas/usecases/owner-signs';
import { makePng } from '../../../support/png';
import { InMemoryDocuments, InMemoryUsers, nullStorage } from '../fakes';

const owner: AuthUser = { sub: 'owner-1', email: 'owner@example.com', emailVerified: true, name: 'Owner' };
const png = () => Buffer.from(makePng(120, 40)).toString('base64');

function setup() {
  const users = new InMemoryUsers();
  users.records.set('owner-1', {
    userId: 'owner-1',
    email: 'owner@example.com',
    name: 'Owner',
  } as UserRecord);
  const signs = new InMemoryDocuments();
  const stored = new Map<string, { bytes: unknown; contentType: string }>();
  const storage: ObjectStorage = {
    ...nullStorage,
    put: async (key, bytes, contentType) => {
      stored.set(key, { bytes, contentType });
      return {};
    },
  };
  const deps: OwnerSignsDeps = { users, signs, storage, limits: memoryLimits() };
  return { users, signs, stored, deps };
}

const at = (second: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, second));

describe('owner signs', () => {
  it('lists nothing at first, then the first upload becomes the default', async () => {
    const s = setup();
    expect(await listOwnerSigns(s.deps, owner)).toEqual({
      signs: [],
      defaultSignId: null,
      max: MAX_OWNER_SIGNS,
    });
    const created = await createOwnerSign(s.deps, owner, { image: png(), kind: 'draw' }, at(1));
    expect(created).toMatchObject({ kind: 'draw', isDefault: true });
    const key = ownerSignKey('owner-1', created.signId);
    expect(created.url).toBe(`http://s3/${key}`);
    expect(s.stored.get(key)?.contentType).toBe('image/png');
    expect(s.users.records.get('owner-1')?.defaultSignId).toBe(created.signId);
    const list = await listOwnerSigns(s.deps, owner);
    expect(list.defaultSignId).toBe(created.signId);
    expect(list.signs).toEqual([expect.objectContaining({ signId: created.signId, isDefault: true })]);
  });

  it('keeps the default unless makeDefault, and PUT default chooses another', async () => {
    const s = setup();
    const first = await createOwnerSign(s.deps, owner, { image: png() }, at(1));
    const second = await createOwnerSign(s.deps, owner, { image: png(), kind: 'autoGeneration' }, at(2));
    expect(second.isDefault).toBe(false);
    expect((await listOwnerSigns(s.deps, owner)).defaultSignId).toBe(first.signId);
    const third = await createOwnerSign(s.deps, owner, { image: png(), makeDefault: true }, at(3));
    expect(third.isDefault).toBe(true);
    const chosen = await setDefaultOwnerSign(s.deps, owner, { signId: second.signId });
    expect(chosen.defaultSignId).toBe(second.signId);
    expect(chosen.signs.map((x) => x.signId)).toEqual([first.signId, second.signId, third.signId]);
    expect(chosen.signs.filter((x) => x.isDefault).map((x) => x.signId)).toEqual([second.signId]);
    expect((await defaultSignOf(s.deps, 'owner-1'))?.signId).toBe(second.signId);
  });

  it('refuses a bad image with 400 and stores nothing', async () => {
    const s = setup();
    for (const image of [
      'not base64!',
      Buffer.from('GIF89a-not-a-png-at-all-but-long-enough').toString('base64'),
    ]) {
      await expect(createOwnerSign(s.deps, owner, { image })).rejects.toMatchObject({
        status: 400,
        code: 'ownerSigns.errors.badImage',
      });
    }
    const tiny = Buffer.from(makePng(10, 10)).toString('base64');
    await expect(createOwnerSign(s.deps, owner, { image: tiny })).rejects.toMatchObject({ status: 400 });
    expect(s.stored.size).toBe(0);
    expect(s.signs.signs).toHaveLength(0);
  });

  it(`refuses more than ${MAX_OWNER_SIGNS} signs with a clear message`, async () => {
    const s = setup();
    for (let i = 0; i < MAX_OWNER_SIGNS; i++) await createOwnerSign(s.deps, owner, { image: png() }, at(i));
    await expect(createOwnerSign(s.deps, owner, { image: png() })).rejects.toMatchObject({
      status: 409,
      code: 'ownerSigns.errors.tooMany',
      details: { max: MAX_OWNER_SIGNS },
    });
  });

  it("answers 404 for an unknown or another user's sign as default", async () => {
    const s = setup();
    s.users.records.set('other', { userId: 'other', email: 'o@example.com', name: 'O' } as UserRecord);
    const theirs = await createOwnerSign(s.deps, { ...owner, sub: 'other' }, { image: png() });
    await expect(setDefaultOwnerSign(s.deps, owner, { signId: theirs.signId })).rejects.toMatchObject({
      status: 404,
      code: 'ownerSigns.errors.unknownSign',
    });
    expect((await listOwnerSigns(s.deps, owner)).signs).toEqual([]);
  });

  it('deletes a sign or stamp: the record goes, the image stays, the oldest left becomes the default', async () => {
    const s = setup();
    const stamp = await createOwnerSign(s.deps, owner, { image: png(), kind: 'generalStamp' }, at(1));
    const sign = await createOwnerSign(s.deps, owner, { image: png(), kind: 'upload' }, at(2));
    const third = await createOwnerSign(s.deps, owner, { image: png(), kind: 'corporateStamp' }, at(3));
    expect(s.users.records.get('owner-1')?.defaultSignId).toBe(stamp.signId);

    const list = await deleteOwnerSign(s.deps, owner, stamp.signId);
    expect(list.signs.map((x) => x.signId)).toEqual([sign.signId, third.signId]);
    expect(list.defaultSignId).toBe(sign.signId);
    expect(s.users.records.get('owner-1')?.defaultSignId).toBeUndefined();
    // A sent document may still seal with the image.
    expect(s.stored.has(ownerSignKey('owner-1', stamp.signId))).toBe(true);

    // A sign that is not the default goes without changing the default.
    await setDefaultOwnerSign(s.deps, owner, { signId: third.signId });
    const after = await deleteOwnerSign(s.deps, owner, sign.signId);
    expect(after.defaultSignId).toBe(third.signId);
    expect(s.users.records.get('owner-1')?.defaultSignId).toBe(third.signId);
  });

  it("answers 404 when deleting an unknown or another user's sign, and deletes nothing", async () => {
    const s = setup();
    s.users.records.set('other', { userId: 'other', email: 'o@example.com', name: 'O' } as UserRecord);
    const theirs = await createOwnerSign(s.deps, { ...owner, sub: 'other' }, { image: png() });
    for (const signId of [theirs.signId, 'no-such-sign']) {
      await expect(deleteOwnerSign(s.deps, owner, signId)).rejects.toMatchObject({
        status: 404,
        code: 'ownerSigns.errors.unknownSign',
      });
    }
    expect((await listOwnerSigns(s.deps, { ...owner, sub: 'other' })).signs).toHaveLength(1);
  });

  it('picks the chosen default when it exists, else the oldest', () => {
    const sign = (signId: string, second: number) => ({
      ownerKind: 'user' as const,
      ownerId: 'u',
      signId,
      kind: 'draw' as const,
      imageKey: signId,
      createdAt: at(second).toISOString(),
    });
    const list = [sign('b', 2), sign('a', 1)];
    expect(pickDefaultSign(list, 'b')?.signId).toBe('b');
    expect(pickDefaultSign(list, 'gone')?.signId).toBe('a');
    expect(pickDefaultSign(list)?.signId).toBe('a');
    expect(pickDefaultSign([], 'a')).toBeNull();
  });
});

import type { UserChanges, UserRecord, UserRepository } from '../../../lambdas/adapters/dynamo/repository';
import type { CreateUserResult, IdentityDirectory, IdentityProfile } from '../../../lambdas/ports';

/** The user repository in memory, counting writes. */
export class InMemoryUsers implements UserRepository {
  readonly records = new Map<string, UserRecord>();
  writes = 0;

  async getById(userId: string) {
    return this.records.get(userId) ?? null;
  }

  async createIfAbsent(user: UserRecord) {
    this.writes += 1;
    const existing = this.records.get(user.userId);
    if (existing) return existing;
    this.records.set(user.userId, user);
    return user;
  }

  async update(userId: string, changes: UserChanges) {
    this.writes += 1;
    const record: Record<string, unknown> = { ...this.records.get(userId)! };
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) delete record[k];
      else if (v !== undefined) record[k] = v;
    }
    this.records.set(userId, record as UserRecord);
    return record as UserRecord;
  }
}

/** The user directory in memory: e-mail → account. */
export class FakeDirectory implements IdentityDirectory {
  readonly users = new Map<string, { sub: string; name: string; password: string; disabled: boolean }>();
  profile: IdentityProfile | null = null;

  async getProfile() {
    return this.profile;
  }

  async createUser(input: { email: string; password: string; name: string }): Promise<CreateUserResult> {
    if (this.users.has(input.email)) return { ok: false, reason: 'emailTaken' };
    const sub = `sub-${this.users.size + 1}`;
    this.users.set(input.email, { sub, name: input.name, password: input.password, disabled: false });
    return { ok: true, sub };
  }

  async disableUser(sub: string) {
    for (const u of this.users.values()) if (u.sub === sub) u.disabled = true;
  }
}

export const directoryWith = (profile: IdentityProfile | null): FakeDirectory => {
  const d = new FakeDirectory();
  d.profile = profile;
  return d;
};

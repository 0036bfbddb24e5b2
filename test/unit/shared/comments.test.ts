// Collaborative commenting's rules (issue #29 item 3, shared/domain/comments.ts): the text's length in
// code points after trimming, the 5-minute edit window, which states close the thread, and mentions
// found in the text (name or e-mail after '@', a boundary after it, longest first, each person once).
import {
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_MAX_CHARS,
  COMMENT_MAX_MENTIONS,
  codePointLength,
  commentTextProblem,
  findMentions,
  isThreadOpen,
  mentionLabel,
  withinEditWindow,
  type MentionCandidate,
} from '../../../shared/domain/comments';
import { DOCUMENT_STATUSES } from '../../../shared/domain/status';

describe('comment text', () => {
  it('counts code points, so a CJK character or an emoji is one', () => {
    expect(codePointLength('契約😀a')).toBe(4);
    expect('😀'.length).toBe(2);
  });

  it('refuses empty and whitespace-only text', () => {
    expect(commentTextProblem('')).toBe('empty');
    expect(commentTextProblem(' \n\t ')).toBe('empty');
  });

  it('takes exactly 2,000 code points after trimming, refuses 2,001', () => {
    expect(COMMENT_MAX_CHARS).toBe(2000);
    expect(commentTextProblem(`  ${'a'.repeat(2000)}  `)).toBeNull();
    expect(commentTextProblem('a'.repeat(2001))).toBe('tooLong');
    // 2,000 emoji are 4,000 UTF-16 units and still one comment.
    expect(commentTextProblem('😀'.repeat(2000))).toBeNull();
    expect(commentTextProblem('😀'.repeat(2001))).toBe('tooLong');
  });

  it('keeps markup as text: nothing is refused or stripped for looking like HTML', () => {
    expect(commentTextProblem('<img src=x onerror=alert(1)><script>alert(2)</script>')).toBeNull();
  });
});

describe('edit window', () => {
  const posted = '2026-11-28T10:00:00.000Z';
  const at = (ms: number) => new Date(Date.parse(posted) + ms);

  it('allows edits up to 5 minutes after posting and not a millisecond later', () => {
    expect(COMMENT_EDIT_WINDOW_MS).toBe(300_000);
    expect(withinEditWindow(posted, at(0))).toBe(true);
    expect(withinEditWindow(posted, at(300_000))).toBe(true);
    expect(withinEditWindow(posted, at(300_001))).toBe(false);
  });

  it('refuses an unreadable time', () => {
    expect(withinEditWindow('not a time', new Date())).toBe(false);
  });
});

describe('when the thread is open', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  it.each(DOCUMENT_STATUSES.map((s) => [s]))('%s', (status) => {
    const open = ['Ready', 'Upload', 'AddRcpt', 'SetPos', 'Agree', 'NeedVConfirm'].includes(status);
    expect(isThreadOpen({ status }, now)).toBe(open);
  });

  it('closes a waiting contract whose expiry date passed, before the expiry job ran', () => {
    expect(isThreadOpen({ status: 'Agree', expiresAt: '2026-11-28T09:59:59Z' }, now)).toBe(false);
    expect(isThreadOpen({ status: 'Agree', expiresAt: '2026-11-28T10:00:01Z' }, now)).toBe(true);
  });
});

describe('mentions', () => {
  const ann: MentionCandidate = { id: 'owner', name: 'Ann', email: 'ann@example.com' };
  const annLee: MentionCandidate = { id: 'recipient:1', name: 'Ann Lee', email: 'lee@example.com' };
  const bob: MentionCandidate = {
    id: 'member:bob@example.com',
    name: 'bob@example.com',
    email: 'bob@example.com',
  };
  const all = [ann, annLee, bob];

  it('finds a name or an e-mail after @, case-insensitive, in the order written, each once', () => {
    expect(findMentions('@bob@example.com and @ann, then @ANN again', all).map((m) => m.id)).toEqual([
      bob.id,
      ann.id,
    ]);
    expect(findMentions('Ask @lee@example.com.', all)).toEqual([annLee]);
  });

  it('prefers the longest name at one place', () => {
    expect(findMentions('@Ann Lee please sign', all)).toEqual([annLee]);
  });

  it('needs a boundary after the name and a word start before the @', () => {
    expect(findMentions('@Annabel', all)).toEqual([]);
    expect(findMentions('mail ann@example.com', all)).toEqual([]);
    expect(findMentions('no mention here', all)).toEqual([]);
    expect(findMentions('@', all)).toEqual([]);
    expect(findMentions('（@Ann）', all)).toEqual([ann]);
  });

  it('takes Japanese punctuation as a boundary', () => {
    const taro: MentionCandidate = { id: 'recipient:2', name: '山田太郎', email: 't@example.jp' };
    expect(findMentions('@山田太郎、確認してください', [taro])).toEqual([taro]);
  });

  it(`notifies at most ${COMMENT_MAX_MENTIONS} people per comment`, () => {
    const many = Array.from({ length: 15 }, (_, i) => ({
      id: `r${i}`,
      name: `P${i}x`,
      email: `p${i}@e.com`,
    }));
    const text = many.map((m) => `@${m.name}`).join(' ');
    expect(findMentions(text, many)).toHaveLength(COMMENT_MAX_MENTIONS);
  });

  it('writes the name when it is unique, else the e-mail', () => {
    expect(mentionLabel(annLee, all)).toBe('Ann Lee');
    const twin = { id: 'recipient:3', name: 'ann', email: 'twin@example.com' };
    expect(mentionLabel(ann, [...all, twin])).toBe('ann@example.com');
  });
});

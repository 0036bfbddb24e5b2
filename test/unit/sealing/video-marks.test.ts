// Video evidence in the sealed PDF (issue #15 item 5): a caption and a QR code under each video
// signer's sign, kept on the page and off the other areas, and the audit pages' "Videos" section.
// Checked on real output with poppler (pdfsig, pdftotext, pdftoppm) and zbarimg.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServiceSigner, sealPdf, type SealInput } from '../../../lambdas/sealing/index';
import { MARK_HEIGHT, MARK_WIDTH, placeMark, type Box } from '../../../lambdas/sealing/video-marks';
import type { AuditVideo, Stamp, VideoMark } from '../../../lambdas/sealing/types';
import { auditData, makeOriginal, makeSignPng } from './fixtures';

const PAGE = { width: 595.28, height: 841.89 };
const dir = mkdtempSync(join(tmpdir(), 'video-marks-'));
afterAll(() => (process.env.KEEP_MARKS ? undefined : rmSync(dir, { recursive: true, force: true })));

const inside = (p: { x: number; y: number }) =>
  p.x >= 0 && p.y >= 0 && p.x + MARK_WIDTH <= PAGE.width && p.y + MARK_HEIGHT <= PAGE.height;
const hits = (p: { x: number; y: number }, b: Box) =>
  p.x < b.x + b.width && b.x < p.x + MARK_WIDTH && p.y < b.y + b.height && b.y < p.y + MARK_HEIGHT;

describe('placeMark', () => {
  it('puts the mark right under the sign when there is room', () => {
    const area = { x: 100, y: 400, width: 140, height: 45 };
    const at = placeMark(area, PAGE, []);
    expect(at.x).toBe(100);
    expect(at.y + MARK_HEIGHT).toBeLessThanOrEqual(400);
    expect(at.y + MARK_HEIGHT).toBeGreaterThan(390);
  });

  it('goes above a sign at the foot of the page', () => {
    const area = { x: 100, y: 20, width: 140, height: 45 };
    const at = placeMark(area, PAGE, []);
    expect(inside(at)).toBe(true);
    expect(at.y).toBeGreaterThanOrEqual(65);
  });

  it('goes right of the sign when another area is below and above it', () => {
    const area = { x: 60, y: 400, width: 140, height: 45 };
    const others = [
      { x: 60, y: 340, width: 140, height: 50 },
      { x: 60, y: 455, width: 140, height: 50 },
    ];
    const at = placeMark(area, PAGE, others);
    expect(at.x).toBeGreaterThanOrEqual(200);
    expect(others.some((o) => hits(at, o))).toBe(false);
    expect(hits(at, area)).toBe(false);
  });

  it('stays inside the page for a sign in a corner, moved in from the edge', () => {
    const area = { x: 520, y: 790, width: 70, height: 45 };
    const at = placeMark(area, PAGE, []);
    expect(inside(at)).toBe(true);
    expect(hits(at, area)).toBe(false);
  });
});

describe('sealPdf with video marks', () => {
  const signer = createServiceSigner('SignSeal Test Video');
  const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const url = `https://signseal.example/en/verify?video=${sha}`;
  const stamps: Stamp[] = [
    { pageIndex: 0, x: 80, y: 120, width: 140, height: 45, png: makeSignPng(400, 160) },
    { pageIndex: 1, x: 300, y: 20, width: 140, height: 45, png: makeSignPng(400, 160) },
  ];
  const caption = 'Video signature · recorded 2026-11-26 06:40 UTC · SHA-256 a1b2c3d4e5f6… · scan to verify';
  const marks: VideoMark[] = stamps.map(({ pageIndex, x, y, width, height }) => ({
    pageIndex,
    x,
    y,
    width,
    height,
    caption,
    url,
  }));
  const videos: AuditVideo[] = [
    {
      recipient: 'Alice Smith (Contractor 1)',
      recordedAt: '2026-11-26 06:40:12 UTC',
      sessionStartedAt: '2026-11-26 06:39:30 UTC',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
      size: '1,234,567 bytes',
      type: 'video/webm',
      sha256: sha,
      challenge: '4821',
      token: 'Minted on the blockchain after sealing: see the blockchain certificate',
    },
  ];
  let pdf: Uint8Array;
  let file: string;

  beforeAll(async () => {
    const input: SealInput = {
      original: await makeOriginal(2),
      stamps,
      videoMarks: marks,
      audit: auditData(['Alice Smith'], 3, { videos }),
      language: 'en',
      signer,
      signedAt: new Date('2026-11-26T06:45:00Z'),
    };
    pdf = (await sealPdf(input)).pdf;
    file = join(dir, 'video.pdf');
    writeFileSync(file, pdf);
  });

  it('is still a validly signed PDF', () => {
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    expect(run.stdout).toContain('Signature Validation: Signature is Valid.');
  });

  it('prints the caption on the signed pages and the Videos section on the audit pages', () => {
    const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).split('\f');
    expect(pages[0]!.replace(/\s+/g, ' ')).toContain('Video signature');
    expect(pages[0]!.replace(/\s+/g, ' ')).toContain('a1b2c3d4e5f6');
    expect(pages[1]!.replace(/\s+/g, ' ')).toContain('Video signature');
    const audit = pages.slice(2).join(' ').replace(/\s+/g, ' ');
    expect(audit).toContain('Videos');
    expect(audit).toContain('Alice Smith (Contractor 1)');
    expect(audit).toContain('Challenge code 4821');
    expect(audit).toContain('Recording session opened 2026-11-26 06:39:30 UTC');
    expect(audit).toContain('Recorded on (user agent) Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0');
    expect(audit).toContain('1,234,567 bytes');
    expect(audit).toContain(sha);
    expect(audit).toContain('see the blockchain certificate');
  });

  it('draws a Japanese caption with the embedded CJK font', async () => {
    const jp = await sealPdf({
      original: await makeOriginal(1),
      stamps: [stamps[0]!],
      videoMarks: [{ ...marks[0]!, caption: '動画署名 · 録画 2026-11-26 06:40 UTC · SHA-256 a1b2c3d4e5f6…' }],
      audit: auditData(['山田 花子'], 1),
      language: 'jp',
      signer,
      signedAt: new Date('2026-11-26T06:45:00Z'),
    });
    const jpFile = join(dir, 'jp.pdf');
    writeFileSync(jpFile, jp.pdf);
    const first = execFileSync('pdftotext', ['-enc', 'UTF-8', '-l', '1', jpFile, '-'], { encoding: 'utf8' });
    expect(first.replace(/\s+/g, ' ')).toContain('動画署名 · 録画 2026-11-26');
  });

  it('draws a QR code that decodes to the video verify URL (page rendered at 300 dpi)', () => {
    execFileSync('pdftoppm', ['-r', '300', '-f', '1', '-l', '1', '-png', file, join(dir, 'page')]);
    const png = execFileSync('ls', [dir], { encoding: 'utf8' })
      .split('\n')
      .find((f) => f.startsWith('page') && f.endsWith('.png'))!;
    const out = execFileSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', join(dir, png)], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe(url);
  });
});

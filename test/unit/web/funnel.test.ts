// The creation funnel's pure parts: the funnel definition (Previous/Next, reachable steps, where a
// step redirects) and the conversion of sign areas between the screen and PDF points.
import {
  FUNNELS,
  findStep,
  isReachable,
  progressOf,
  redirectStep,
} from '../../../web/src/features/funnel/steps';
import {
  boxAt,
  clampToPage,
  DEFAULT_AREA,
  defaultAreaAt,
  scrollWindowHeight,
  toPdf,
  toScreen,
  windowPageWidth,
} from '../../../web/src/features/funnel/geometry';
import { FIELD_SIZES } from '../../../web/src/features/funnel/fields';

const A4 = { width: 595.28, height: 841.89 };

describe('funnel steps', () => {
  it('orders E-Sign as upload, addrcpt, setpos, agree with the spec Previous/Next rules', () => {
    const steps = FUNNELS.esign.steps;
    expect(steps.map((s) => s.id)).toEqual(['upload', 'addrcpt', 'setpos', 'agree']);
    expect(findStep('esign', 'upload')?.previous).toBeNull();
    expect(findStep('esign', 'setpos')?.previous).toBe('addrcpt');
    expect(findStep('esign', 'agree')?.previous).toBe('setpos');
    expect(findStep('vsign', 'agree')?.previous).toBe('vsign');
    expect(findStep('esign', 'agree')?.next).toBeNull();
    expect(FUNNELS.vcontract.steps.map((s) => s.id)).toEqual(['vcrecord', 'vcaddrcpt', 'vcagree']);
    expect(findStep('esign', 'video')).toBeUndefined();
  });

  it('opens a step only from its status on, and redirects to the furthest reachable one', () => {
    const setpos = findStep('esign', 'setpos')!;
    expect(isReachable(setpos, 'Upload')).toBe(false);
    expect(isReachable(setpos, 'AddRcpt')).toBe(true);
    expect(isReachable(setpos, 'SetPos')).toBe(true);
    expect(isReachable(findStep('esign', 'upload')!, 'Agree')).toBe(false);
    expect(redirectStep('esign', 'Ready')?.id).toBe('upload');
    expect(redirectStep('esign', 'Upload')?.id).toBe('addrcpt');
    expect(redirectStep('esign', 'AddRcpt')?.id).toBe('setpos');
    expect(redirectStep('esign', 'SetPos')?.id).toBe('agree');
    expect(redirectStep('esign', 'Agree')).toBeNull();
  });

  it('shows four progress labels, the current one by position', () => {
    expect(progressOf('esign', 'setpos')).toEqual({
      labels: [
        'funnel.progress.upload',
        'funnel.progress.addrcpt',
        'funnel.progress.setpos',
        'funnel.progress.agree',
      ],
      currentIndex: 2,
    });
  });

  it('gives Video Sign five progress labels, the video step its own (spec doc 1 §4)', () => {
    expect(progressOf('vsign', 'vsign')).toEqual({
      labels: [
        'funnel.progress.upload',
        'funnel.progress.addrcpt',
        'funnel.progress.setpos',
        'funnel.progress.vsign',
        'funnel.progress.agree',
      ],
      currentIndex: 3,
    });
    expect(progressOf('vsign', 'agree').currentIndex).toBe(4);
    // A positioned draft (SetPos) resumes at Finalize; the video step is reachable from it too.
    expect(redirectStep('vsign', 'SetPos')?.id).toBe('agree');
    expect(redirectStep('vsign', 'AddRcpt')?.id).toBe('setpos');
  });

  it('gives Video Contract three steps: Record, Configuring Contractors, Finalize (issue #16)', () => {
    expect(FUNNELS.vcontract.built).toBe(true);
    expect(progressOf('vcontract', 'vcrecord')).toEqual({
      labels: ['funnel.progress.record', 'funnel.progress.addrcpt', 'funnel.progress.agree'],
      currentIndex: 0,
    });
    expect(progressOf('vcontract', 'vcagree').currentIndex).toBe(2);
    expect(findStep('vcontract', 'vcrecord')?.previous).toBeNull();
    expect(findStep('vcontract', 'vcrecord')?.next).toBe('vcaddrcpt');
    expect(findStep('vcontract', 'vcagree')?.previous).toBe('vcaddrcpt');
    expect(findStep('vcontract', 'vcagree')?.next).toBeNull();
    // Ready (no video yet) records; the recorded video (Upload) opens the contractors; saved
    // contractors (AddRcpt, even none) open Finalize; a sent contract is no draft.
    expect(redirectStep('vcontract', 'Ready')?.id).toBe('vcrecord');
    expect(redirectStep('vcontract', 'Upload')?.id).toBe('vcaddrcpt');
    expect(redirectStep('vcontract', 'AddRcpt')?.id).toBe('vcagree');
    expect(isReachable(findStep('vcontract', 'vcaddrcpt')!, 'Ready')).toBe(false);
    expect(isReachable(findStep('vcontract', 'vcrecord')!, 'AddRcpt')).toBe(true);
    expect(redirectStep('vcontract', 'Agree')).toBeNull();
  });
});

describe('sign area geometry', () => {
  it('converts between screen boxes (top-left origin) and PDF points (bottom-left origin)', () => {
    const scale = 800 / A4.width;
    const pdf = { x: 100, y: 200, width: 150, height: 35 };
    const screen = toScreen(pdf, A4, scale);
    expect(screen.left).toBeCloseTo(100 * scale);
    expect(screen.top).toBeCloseTo((A4.height - 235) * scale);
    const back = toPdf(screen, A4, scale);
    expect(back.x).toBeCloseTo(100);
    expect(back.y).toBeCloseTo(200);
    expect(back.width).toBeCloseTo(150);
    expect(back.height).toBeCloseTo(35);
  });

  it('places a default 150×35 area with its top-left corner at the point, inside the page', () => {
    expect(defaultAreaAt({ x: 50, y: 800 }, A4)).toEqual({ x: 50, y: 765, ...DEFAULT_AREA });
    const corner = defaultAreaAt({ x: 590, y: 10 }, A4);
    expect(corner.x + corner.width).toBeLessThanOrEqual(A4.width);
    expect(corner.y).toBe(0);
  });

  it('places a field of any type’s size the same way; a signature keeps the sign area’s size', () => {
    expect(FIELD_SIZES.signature).toEqual(DEFAULT_AREA);
    expect(boxAt({ x: 50, y: 800 }, FIELD_SIZES.signature, A4)).toEqual(defaultAreaAt({ x: 50, y: 800 }, A4));
    expect(boxAt({ x: 50, y: 800 }, FIELD_SIZES.checkbox, A4)).toEqual({
      x: 50,
      y: 780,
      width: 20,
      height: 20,
    });
    const corner = boxAt({ x: 590, y: 10 }, FIELD_SIZES.text, A4);
    expect(corner.x + corner.width).toBeLessThanOrEqual(A4.width);
    expect(corner.y).toBe(0);
  });

  it('keeps areas inside the page and at least the minimum size', () => {
    const moved = clampToPage({ x: -20, y: 900, width: 150, height: 35 }, A4);
    expect(moved.x).toBe(0);
    expect(moved.y + moved.height).toBeLessThanOrEqual(A4.height);
    const huge = clampToPage({ x: 0, y: 0, width: 5000, height: 1 }, A4);
    expect(huge.width).toBeLessThanOrEqual(A4.width);
    expect(huge.height).toBe(10);
  });
});

describe('the page display and its scroll window (doc 2 §9.1)', () => {
  const a4 = { width: 595, height: 842 };
  it('a desktop shows pages at most 820 px tall, in a 600 px window', () => {
    expect(windowPageWidth(1000, a4, 1280)).toBeCloseTo((820 * 595) / 842, 5);
    expect(windowPageWidth(400, a4, 1280)).toBe(400);
    expect(scrollWindowHeight(1280)).toBe(600);
  });
  it('a phone shows pages at most 380 px wide, in a 420 px window', () => {
    expect(windowPageWidth(412, a4, 412)).toBe(380);
    expect(windowPageWidth(340, a4, 360)).toBe(340);
    expect(scrollWindowHeight(380)).toBe(420);
  });
});

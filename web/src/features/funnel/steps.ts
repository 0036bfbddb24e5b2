// The creation funnels as data (spec doc 1 §4, Creation funnel): for each kind of contract its
// ordered steps, the progress label of each, where Previous and Next go, and which document status
// makes a step reachable. E-Sign, Video Sign (an extra video step before agree) and Video Contract
// (vcrecord: the owner's video, vcaddrcpt: the optional contractors, vcagree) have screens.
import type { DocumentStatus } from '../../../../shared/domain/status';
import type { MessageKey } from '../../../../shared/i18n';
import type { Evsign } from '../../app/paths';

export type StepId =
  'upload' | 'addrcpt' | 'setpos' | 'vsign' | 'agree' | 'vcrecord' | 'vcaddrcpt' | 'vcagree';

export interface StepDef {
  id: StepId;
  /** The progress bar's label of the step. */
  progressKey: MessageKey;
  /** Previous: null when disabled (the first step). */
  previous: StepId | null;
  /** Next, once the step has been saved; null after the last step (success popup, then /home). */
  next: StepId | null;
  /** The least advanced draft status in which the step can be opened. */
  reachableFrom: DocumentStatus;
}

export interface FunnelDef {
  evsign: Evsign;
  steps: readonly StepDef[];
  /** Whether the screens exist (the others still show the placeholder page). */
  built: boolean;
}

const PROGRESS = {
  upload: 'funnel.progress.upload',
  addrcpt: 'funnel.progress.addrcpt',
  setpos: 'funnel.progress.setpos',
  vsign: 'funnel.progress.vsign',
  agree: 'funnel.progress.agree',
  record: 'funnel.progress.record',
} as const satisfies Record<string, MessageKey>;

export const FUNNELS: Record<Evsign, FunnelDef> = {
  esign: {
    evsign: 'esign',
    built: true,
    steps: [
      { id: 'upload', progressKey: PROGRESS.upload, previous: null, next: 'addrcpt', reachableFrom: 'Ready' },
      {
        id: 'addrcpt',
        progressKey: PROGRESS.addrcpt,
        previous: 'upload',
        next: 'setpos',
        reachableFrom: 'Upload',
      },
      // Previous on the first contractor goes to addrcpt; on a later one, to the contractor before.
      {
        id: 'setpos',
        progressKey: PROGRESS.setpos,
        previous: 'addrcpt',
        next: 'agree',
        reachableFrom: 'AddRcpt',
      },
      { id: 'agree', progressKey: PROGRESS.agree, previous: 'setpos', next: null, reachableFrom: 'SetPos' },
    ],
  },
  vsign: {
    evsign: 'vsign',
    built: true,
    steps: [
      { id: 'upload', progressKey: PROGRESS.upload, previous: null, next: 'addrcpt', reachableFrom: 'Ready' },
      {
        id: 'addrcpt',
        progressKey: PROGRESS.addrcpt,
        previous: 'upload',
        next: 'setpos',
        reachableFrom: 'Upload',
      },
      {
        id: 'setpos',
        progressKey: PROGRESS.setpos,
        previous: 'addrcpt',
        next: 'vsign',
        reachableFrom: 'AddRcpt',
      },
      // The owner's video, when the owner is a contractor; otherwise a note that each contractor records.
      {
        id: 'vsign',
        progressKey: PROGRESS.vsign,
        previous: 'setpos',
        next: 'agree',
        reachableFrom: 'SetPos',
      },
      { id: 'agree', progressKey: PROGRESS.agree, previous: 'vsign', next: null, reachableFrom: 'SetPos' },
    ],
  },
  vcontract: {
    evsign: 'vcontract',
    built: true,
    steps: [
      {
        id: 'vcrecord',
        progressKey: PROGRESS.record,
        previous: null,
        next: 'vcaddrcpt',
        reachableFrom: 'Ready',
      },
      {
        id: 'vcaddrcpt',
        progressKey: PROGRESS.addrcpt,
        previous: 'vcrecord',
        next: 'vcagree',
        reachableFrom: 'Upload',
      },
      {
        id: 'vcagree',
        progressKey: PROGRESS.agree,
        previous: 'vcaddrcpt',
        next: null,
        reachableFrom: 'AddRcpt',
      },
    ],
  },
};

/** The draft statuses in funnel order. */
const DRAFT_ORDER: readonly DocumentStatus[] = ['Ready', 'Upload', 'AddRcpt', 'SetPos'];

export function findStep(evsign: Evsign, id: string | undefined): StepDef | undefined {
  return FUNNELS[evsign].steps.find((s) => s.id === id);
}

/** Whether a document in this status can show the step (false for a sent document). */
export function isReachable(step: StepDef, status: DocumentStatus): boolean {
  const at = DRAFT_ORDER.indexOf(status);
  return at >= 0 && DRAFT_ORDER.indexOf(step.reachableFrom) <= at;
}

/**
 * Where a step that cannot be shown for the document's status redirects: the furthest step the
 * status allows, so a reload or a typed URL lands where the owner left off. Null for a sent document.
 */
export function redirectStep(evsign: Evsign, status: DocumentStatus): StepDef | null {
  const reachable = FUNNELS[evsign].steps.filter((s) => isReachable(s, status));
  return reachable.at(-1) ?? null;
}

/** The progress bar's entries (steps sharing a label appear once) and the current one's position. */
export function progressOf(evsign: Evsign, current: StepId): { labels: MessageKey[]; currentIndex: number } {
  const labels: MessageKey[] = [];
  let currentIndex = 0;
  for (const step of FUNNELS[evsign].steps) {
    if (!labels.includes(step.progressKey)) labels.push(step.progressKey);
    if (step.id === current) currentIndex = labels.indexOf(step.progressKey);
  }
  return { labels, currentIndex };
}

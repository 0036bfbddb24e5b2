// What the signer's first screen does not show (issue #33, docs/performance.md § Phone): the sign
// maker (with the draw pad, Auto Generation and the stamp creator), change sign, deny, terms, forward
// and the video step. The first screen is the document under the 'Request to Sign' or 'Caution!'
// popup (a viewer's: the document alone), and none of these can show before the signer answers it
// (../machine.ts: 'identified' leads only to 'request', 'caution' or 'review'). A chunk of its own,
// started once page 1 is shown (./signer-screens.tsx), so that a phone downloads and evaluates only
// what it shows first; a dialog asked for before it arrived shows once it has.
export { ChangeSign } from './change-sign';
export { DenyReasonDialog } from './deny-reason-dialog';
export { ForwardDialog } from './forward-dialog';
export { SignMaker } from './sign-maker';
export { TermsDialog } from './terms-dialog';
export { VideoStep } from './video-step';

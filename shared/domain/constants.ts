// Business constants and limits of the product (spec doc 2 §9.1), with the readings of
// architecture §14 where the spec's sources disagree. Isomorphic: no environment reads here — values
// that are deploy-time configuration (upload limit, minimum age) are defaults that the server's config
// module may override and then passes in.

/** URL language prefixes, in the order the language switcher shows them. The i18n locale of 'jp' is 'ja'. */
export const LANGUAGES = ['en', 'jp', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

// --- Upload -------------------------------------------------------------------------------------

/** The only accepted document type; one file per upload. */
export const PDF_CONTENT_TYPE = 'application/pdf';
/** One limit, enforced server-side and shown in every message (architecture §14; spec: 50,000,000 bytes). */
export const DEFAULT_MAX_UPLOAD_BYTES = 50_000_000;
// Not kept: the spec's upload-percent poll (every 1 s until 100): the browser uploads straight to
// storage by a presigned POST (decision 23) and reports its own progress, so there is nothing to poll.

// --- Contractors, signing -----------------------------------------------------------------------

/** Denial reason: 200 characters or less (counted as the user sees them: code points). */
export const DENY_REASON_MAX_CHARS = 200;
// Not kept: the 30-character title of the spec's NFT creator newsletter (no newsletter is built; a
// contract's title is 1–100 characters, shared/api/schemas/documents.ts).
/** Sign areas cycle through 8 colours, one per contractor (index modulo 8). */
export const RECIPIENT_COLOURS = [
  '#E53935', // red
  '#1E88E5', // blue
  '#43A047', // green
  '#FB8C00', // orange
  '#8E24AA', // purple
  '#00ACC1', // cyan
  '#D81B60', // pink
  '#6D4C41', // brown
] as const;

/** The colour of the contractor at a 0-based position: colours repeat after the eighth. */
export function recipientColour(index: number): string {
  const n = RECIPIENT_COLOURS.length;
  return RECIPIENT_COLOURS[((Math.trunc(index) % n) + n) % n]!;
}

// --- Sign areas (stored in PDF points, see entities.ts) ---------------------------------------------
// The spec's screen "document space" (pages 1024 units wide, 20 apart, 10 from the top, a 100-unit
// right margin) is not kept: areas are placed on each page in PDF points and may not leave the page
// (web/src/features/funnel/geometry.ts), so those numbers have nothing to govern (docs/spec-coverage.md).

/** Default height of a signature mark, in PDF points (the spec's 35). */
export const DEFAULT_SIGN_HEIGHT = 35;

// --- Sign and stamp makers ----------------------------------------------------------------------

export const AUTO_SIGN_MAX_CHARS = 20;
/** General stamp: family name and given name, each at most 3 characters. */
export const GENERAL_STAMP_MAX_CHARS = 3;
/** Corporate stamp text: at most 11 characters. */
export const CORPORATE_STAMP_MAX_CHARS = 11;
/** Drawn sign canvas and brush. */
export const SIGN_CANVAS_WIDTH = 700;
export const SIGN_CANVAS_HEIGHT = 300;
export const SIGN_BRUSH_WIDTH = 5;
/** Uploaded images: pixels brighter than the threshold become transparent. */
export const IMAGE_THRESHOLD_MIN = 0;
export const IMAGE_THRESHOLD_MAX = 255;
export const IMAGE_THRESHOLD_DEFAULT = 128;
/** A sign (drawn or uploaded) is black, a stamp red: vermilion, the colour of a hanko's ink. */
export const SIGN_INK_COLOUR = '#000000';
export const STAMP_INK_COLOUR = '#CE2029';

// --- Video recording ----------------------------------------------------------------------------

/** A recording smaller than this is too short: it is discarded. */
export const RECORDING_MIN_BYTES = 1_000;
/** After Stop, wait for the recorded video: up to 30 checks, 100 ms apart. */
export const RECORDING_STOP_WAIT_TRIES = 30;
export const RECORDING_STOP_WAIT_INTERVAL_MS = 100;
/** A newly opened camera is given this long to warm up before recording starts. */
export const CAMERA_WARM_UP_MS = 600;
// Not kept: the spec's page-image and canvas wait (20 tries of 200 ms). The pages are drawn by pdf.js
// in the page, and the signer page awaits an area frame by frame: a scroll 200 ms late moves the page
// under the contractor's finger (web/src/features/signer/components/review.tsx).

// --- Lists, polling, layout ---------------------------------------------------------------------

/** A document in Generating is re-checked this often until its status changes. */
export const GENERATING_POLL_INTERVAL_MS = 5_000;
/** The activity timeline shows the latest 10 history items. */
export const ACTIVITY_TIMELINE_ITEMS = 10;
/** The header changes style after this much scrolling. */
export const HEADER_SCROLL_THRESHOLD_PX = 50;
export const FAQ_ITEMS = 5;
export const PAGE_DISPLAY_HEIGHT_DESKTOP = 820;
export const PAGE_DISPLAY_WIDTH_MOBILE = 380;
export const SCROLL_WINDOW_DESKTOP = 600;
export const SCROLL_WINDOW_MOBILE = 420;
/** The sign-click tutorial shows while the counter is below 5; OK adds 10. */
export const SIGN_CLICK_TUTORIAL_BELOW = 5;
export const SIGN_CLICK_TUTORIAL_INCREMENT = 10;
// Not kept: the spec's fixed Asia/Seoul display zone; dates use the viewer's zone, named on the page
// (decision 60, web/src/lib/format.ts).

// --- Plans --------------------------------------------------------------------------------------

export const TRIAL_DAYS = 30;
/** Plan lengths for the "days left" progress bar: 31 for trial and monthly, 365 yearly, 30 otherwise. */
export const PLAN_LENGTH_DAYS_TRIAL = 31;
export const PLAN_LENGTH_DAYS_MONTHLY = 31;
export const PLAN_LENGTH_DAYS_YEARLY = 365;
export const PLAN_LENGTH_DAYS_DEFAULT = 30;
/** Seats: personal plans 1; standard 1–50 chosen by the buyer (architecture §14). */
export const PERSONAL_PLAN_SEATS = 1;
export const STANDARD_PLAN_MAX_SEATS = 50;
/** One-time tickets: "All Standard features, up to 5 seats" (pricing card; issue #29): five people the
 *  buyer shares the tickets with, besides the buyer who holds them (decision 148). */
export const ONETIME_PLAN_SEATS = 5;
export const DEFAULT_QUANTITY = 1;

// --- Registration -------------------------------------------------------------------------------

/** One configured minimum age (architecture §14: the privacy notice and terms say 18). */
export const DEFAULT_MIN_AGE = 18;

// --- Sign-in ------------------------------------------------------------------------------------

/** The LINE login callback's state must be exactly this long, unless it is the fixed default. */
export const LINE_STATE_LENGTH = 11;
// Not kept: LINE's max_age=120 and the Google script waits (20 × 400 ms, 10 × 400 ms). Sign-in with
// Google and LINE goes through Cognito's hosted redirect (web/src/features/auth/components/
// line-callback-page.tsx): no provider script is loaded in the page, and Cognito's OIDC federation
// sends its own authorize parameters.

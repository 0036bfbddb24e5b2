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
/** Upload progress is polled every second until it reports 100 percent. */
export const UPLOAD_POLL_INTERVAL_MS = 1_000;
export const UPLOAD_COMPLETE_PERCENT = 100;

// --- Contractors, signing -----------------------------------------------------------------------

/** Denial reason: 200 characters or less (counted as the user sees them: code points). */
export const DENY_REASON_MAX_CHARS = 200;
/** Contract title limit of the spec's NFT creator newsletter field. */
export const TITLE_MAX_CHARS = 30;
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

// --- Document space (UI only; stored sign areas are in PDF points, see entities.ts) ---------------

/** The spec's screen document space: pages laid out 1024 units wide, 20 apart, 10 from the top. */
export const DOC_SPACE_WIDTH = 1024;
export const DOC_SPACE_PAGE_GAP = 20;
export const DOC_SPACE_TOP_OFFSET = 10;
/** Sign areas may be dragged horizontally up to the page width minus this margin. */
export const DOC_SPACE_RIGHT_MARGIN = 100;
/** Default height of a signature mark, in document-space units. */
export const DEFAULT_SIGN_HEIGHT = 35;

// --- Sign and stamp makers ----------------------------------------------------------------------

export const AUTO_SIGN_MAX_CHARS = 20;
export const AUTO_SIGN_CANDIDATES = 6;
/** General stamp: family name and given name, each at most 3 characters. */
export const GENERAL_STAMP_MAX_CHARS = 3;
/** Corporate stamp text: at most 11 characters. */
export const CORPORATE_STAMP_MAX_CHARS = 11;
/** Drawn sign canvas and brush. */
export const SIGN_CANVAS_WIDTH = 700;
export const SIGN_CANVAS_HEIGHT = 300;
export const SIGN_BRUSH_WIDTH = 5;
export const SIGN_BRUSH_COLOUR = '#000000';
/** Uploaded images: pixels brighter than the threshold become transparent. */
export const IMAGE_THRESHOLD_MIN = 0;
export const IMAGE_THRESHOLD_MAX = 255;
export const IMAGE_THRESHOLD_DEFAULT = 128;
/** A sign image is turned black, a stamp image red. */
export const SIGN_INK_COLOUR = '#000000';
export const STAMP_INK_COLOUR = '#D32F2F';

// --- Video recording ----------------------------------------------------------------------------

/** A recording smaller than this is too short: it is discarded. */
export const RECORDING_MIN_BYTES = 1_000;
/** After Stop, wait for the recorded video: up to 30 checks, 100 ms apart. */
export const RECORDING_STOP_WAIT_TRIES = 30;
export const RECORDING_STOP_WAIT_INTERVAL_MS = 100;
/** A newly opened camera is given this long to warm up before recording starts. */
export const CAMERA_WARM_UP_MS = 600;
/** Page images and canvases are awaited up to 20 tries of 200 ms. */
export const PAGE_WAIT_TRIES = 20;
export const PAGE_WAIT_INTERVAL_MS = 200;

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
/** Dates are shown in this time zone, long format (spec). */
export const DISPLAY_TIME_ZONE = 'Asia/Seoul';

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
/** One-time tickets: "All Standard features, up to 5 seats" (pricing card; issue #29). */
export const ONETIME_PLAN_SEATS = 5;
export const DEFAULT_QUANTITY = 1;

// --- Registration -------------------------------------------------------------------------------

/** One configured minimum age (architecture §14: the privacy notice and terms say 18). */
export const DEFAULT_MIN_AGE = 18;

// --- Sign-in ------------------------------------------------------------------------------------

/** The LINE login callback's state must be exactly this long, unless it is the fixed default. */
export const LINE_STATE_LENGTH = 11;
export const LINE_LOGIN_MAX_AGE_SECONDS = 120;
/** The Google sign-in script is awaited: 20 × 400 ms on the login popup, 10 × 400 ms on sign-up. */
export const GOOGLE_SCRIPT_WAIT_TRIES_LOGIN = 20;
export const GOOGLE_SCRIPT_WAIT_TRIES_SIGNUP = 10;
export const GOOGLE_SCRIPT_WAIT_INTERVAL_MS = 400;

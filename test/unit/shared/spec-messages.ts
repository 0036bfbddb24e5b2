// The spec's exact English wording (spec doc 2 §8, doc 1 §3–§5), typos and punctuation included, each
// with the catalogue key that must produce it and the values it interpolates. The catalogue tests
// resolve every key through en.json and compare with these strings.

export interface SpecMessage {
  key: string;
  expected: string;
  values?: Record<string, string | number>;
}

const m = (key: string, expected: string, values?: Record<string, string | number>): SpecMessage =>
  values ? { key, expected, values } : { key, expected };

/** §8.1 Sign-up and sign-in. */
export const SIGN_UP_AND_SIGN_IN: SpecMessage[] = [
  m('registration.errors.termsRequired', 'Agreeing to the Terms of Service is required.'),
  m('registration.errors.privacyRequired', 'Agreeing to the Privacy Policy is required.'),
  m('registration.errors.underMinAge', 'Only those 14 years of age or older can join.', { minAge: 14 }),
  m('auth.signUpFailed', 'SignUp Failed... : user exists', { errmsg: 'user exists' }),
  m('auth.signUpSuccess', 'SignUp Success!!! Now Automatically SignIn as Google ID. Please Wait'),
  m('auth.userNotFound', "We cannot find user. If you didn't SignUp, please Signup First."),
  m('auth.somethingWentWrong', 'Something went wrong!!!'),
  m('auth.errorTitle', 'Oops...'),
  m('auth.loggedIn', 'Logged in successfully.'),
  m('auth.googleCredentialUnknown', 'Fail to login to google: res.credential unknown'),
  m('auth.googleScriptFailed', 'cannot load google ID login script!!!'),
  m('auth.loadUserFailed', 'Fail to load user information'),
  m('auth.loggedOut', 'Logged out successfully.'),
  m('auth.logoutSuccess', 'logout success'),
  m('auth.logoutFailed', 'Something went wrong, Logout Failed'),
  m('auth.logoutError', 'Error: Logout failed!'),
  m('auth.thankYou', 'Thank you for signing up with us'),
  m('access.unauthorized.title', 'Unauthorized'),
  m('access.unauthorized.message', "We're sorry! You can't access this page."),
  m('access.caution.title', 'Caution!'),
  m('access.caution.message', 'You are logged in with an ID other than the one to sign. Logout to continue.'),
  m('access.caution.logoutAndProceed', 'Logout and Proceed'),
  m('access.caution.cancel', 'Cancel'),
  m('access.notFound.message', 'Sorry, the page you visited does not exist'),
  m('access.notFound.backHome', 'Back Home'),
];

/** §8.2 Upload and contractors (the upload limit reads 50MB: architecture §14, one limit). */
export const UPLOAD_AND_CONTRACTORS: SpecMessage[] = [
  m('upload.errors.failed', 'Failed to upload file'),
  m('upload.errors.failedWithReason', 'Failed to upload file:disk full', { errmsg: 'disk full' }),
  m('upload.errors.onlyPdf', 'Only pdf files are supported in the current version.'),
  m('upload.errors.tooLarge', 'Please check if you are trying to upload a file larger than 50MB', {
    limitMb: 50,
  }),
  m('contractors.errors.noneDesignated', 'At least one contractor must be designated.'),
  m(
    'contractors.errors.contactMissing',
    "There are places where the contractor's contact information is not specified. Enter contact information or click the x in the top right to delete unnecessary contractors",
  ),
  m(
    'contractors.errors.nameMissing',
    "There are places where the contractor's name information is not specified. Enter a name or click the x in the top right to delete unnecessary contractors",
  ),
  m(
    'contractors.errors.duplicateContact',
    "There is a place where the contractor's contact information is the same. If the contacts are the same, they are considered the same person. Please check that contact information is entered correctly",
  ),
  m(
    'contractors.errors.noSignArea',
    'No signature location has been specified for this contractor. At least one signature location must be specified.',
  ),
  m('contractors.errors.invalidEmail', 'Invalid email address'),
  m('documents.send.failed', 'fail to send_request_sign:no credit', { errmsg: 'no credit' }),
  m('documents.send.success', 'Request Successfully Sent'),
  m('documents.notReady', 'contract is not ready yet!!! Ready', { status: 'Ready' }),
  m('documents.errors.saveRecipients', 'Error:save_recipient:timeout', { errmsg: 'timeout' }),
  m('documents.errors.updateField', 'fail to update field1'),
  m('contractors.positionPrompt', 'Please specify the signature position of the 2nd contractor', {
    nth: '2nd',
  }),
];

/** §8.3 Signing. */
export const SIGNING: SpecMessage[] = [
  m('signing.requestTitle', 'Request to Sign'),
  m('signing.requestMessage', 'You can sign documents on this webpage. Would you like to sign right away?'),
  m(
    'signing.reviewPrompt',
    'You are 1st Contractor. If you agree with contract, click the Sign All button.',
    { nth: '1st' },
  ),
  m('signing.alreadyAgreed', 'You have already agreed to this contract.'),
  m('signing.alreadyDenied', 'You have already denied this contract.'),
  m('signing.alreadyConfirmedVideos', 'You have already confirmed to videos for this contract.'),
  m(
    'signing.alreadyDeniedVideos',
    'You have already denied to confirm at least one of videos for this contract.',
  ),
  m('signing.completed', 'Your sign is completed.'),
  m('signing.signDenied', 'Sign is denied.'),
  m('signing.signingDenied', 'Signing Denied.'),
  m('signing.legalAgreementDenied', 'Legal Agreement Denied.'),
  m('signing.confirmDenied', 'Confirm Denied.'),
  m('signing.goHome', 'Go to Home'),
  m('signing.denyReasonPlaceholder', '200 characters or less', { max: 200 }),
  m('signing.errors.rejectLegal', 'Error:reject_legal=expired', { errmsg: 'expired' }),
  m('signing.errors.videoConfirm', 'Error: expired', { errmsg: 'expired' }),
  m('signing.errors.updateFailed', 'error'),
  m('signing.errors.contactNotInRecipients', 'cannot find contact from recipient_list in docu'),
  m('signing.errors.outerUserFailed', 'cannot find user or cannot make outer user'),
  m('signing.errors.ownerNotFound', 'Error: cannot find owner...'),
  m('signing.errors.changeSignOwnerNotFound', 'changeSign:cannot find owner of contract'),
  m('signing.errors.getDocumentFailed', 'get_docu: fail to get document information'),
];

/** §8.4 Sign creation. */
export const SIGN_CREATION: SpecMessage[] = [
  m('signs.errors.autoSignTooLong', 'sign only allowed 20 words'),
  m('signs.errors.signMandatory', 'sign is mandatory'),
  m('signs.errors.generalStampTooLong', 'each length should be less than 4'),
  m('signs.errors.corporateStampTooLong', 'length should be less than 12'),
  m('signs.errors.canvasMissing', 'Error:cannot make canvas'),
  m('signs.errors.loadFailed', 'error'),
  m('signs.errors.deleteFailed', 'Error: delete_sign_stamp: not found', { errmsg: 'not found' }),
  m('signs.errors.removeFolderFailed', 'Fail to delete local folder'),
];

/** §8.5 Video (and the recording script of §9.5). */
export const VIDEO: SpecMessage[] = [
  m('video.recordingLink.title', 'Recording Link'),
  m('video.recordingLink.confirm', 'I see...'),
  m('video.noDevice', "This device doesn't seem to have a camera or microphone to take video."),
  m('video.stopTimeout', 'Error'),
  m('video.uploadSuccess', 'Your video has been uploaded successfully. Please continue on the web site.'),
  m('video.uploadFailed', 'Error:too big', { errmsg: 'too big' }),
  m('video.important', 'Important'),
  m('video.script.name', 'My name is Hanako Sato', { name: 'Hanako Sato' }),
  m('video.script.dateTime', "Today's date is 2025/01/31 and time is 9:05", {
    date: '2025/01/31',
    time: '9:05',
  }),
  m('video.script.agreement', 'I agree to the conditions mentioned in the contract number AB12', {
    contractNumber: 'AB12',
  }),
];

/** §8.6 Documents, plan and payment (and the confirmations of doc 1 §5). */
export const DOCUMENTS_PLAN_PAYMENT: SpecMessage[] = [
  m('documents.errors.preparePdf', 'Error: cannot prepare recent pdf'),
  m('documents.email.sent', 'Email Sent !!!'),
  m('documents.email.failed', 'Fail: Cannot send Email !!!'),
  m('documents.delete.done', 'Deleted !!!'),
  m('documents.delete.failed', 'Fail: Cannot remove Document !!!'),
  m(
    'documents.delete.confirm',
    'We do not keep backups. Once deleted, there is no going back. Do you want to delete?',
  ),
  m('billing.errors.loadInvoices', 'Fail to load invoice list:denied', { errmsg: 'denied' }),
  m('billing.errors.loadSubscription', 'Fail to load subscription list:denied', { errmsg: 'denied' }),
  m('billing.errors.update', 'Fail to update:denied', { errmsg: 'denied' }),
  m('billing.success', 'Success !!!'),
  m('documents.errors.createVideoContract', 'ERROR: quota', { errmsg: 'quota' }),
  m('billing.errors.notPositive', 'cannot be zero or negative!!!'),
  m('payment.unexpected', 'An unexpected error occurred.'),
  m('payment.succeeded', 'Payment succeeded!'),
  m('payment.processing', 'Your payment is processing.'),
  m('payment.failed', 'Your payment was not successful, please try again.'),
  m('payment.somethingWentWrong', 'Something went wrong.'),
  m('payment.unknownStatus', 'Unkown error occured!'),
  m('payment.signInToBuy', 'You need to Sign In to Buy.'),
  m('account.closeConfirm', 'If you close account, you cannot signin anymore.  Are you sure?'),
  m('account.closed', 'Your account is closed successfully'),
  m('billing.unsubscribeScheduled', 'Unsubscribe has been scheduled'),
  m('account.profileSaved', 'Saved!'),
  m('common.errorTitle', 'ERROR'),
];

/** Doc 1 §4: status labels (Ready has none in the spec), list labels, per-contractor labels. */
export const STATUS_LABELS: Record<string, string> = {
  Upload: 'File Uploaded',
  AddRcpt: 'Recipient Setup Completed',
  SetPos: 'Sign Area Setup Completed',
  Agree: 'Waiting Sign',
  NeedVConfirm: 'Waiting Video Confirm',
  Generating: 'Generating Final Document',
  Completed: 'Final Document Created',
  Reject: 'Denied',
  Reject_legal: 'E-Sign Denied',
};

export const LIST_LABELS = ['Signed All', 'Sign Denied', 'Sign Needed', 'Pending', 'Signed', 'Completed'];
/** Issue #28's list labels (not the spec's): after the spec's six. */
export const ROUTING_LIST_LABELS = ['Expired', 'Voided'];

export const CONTRACTOR_LABELS = [
  'Sign Required',
  'Sign Completed',
  'Sign OK',
  'Video Required',
  'Video OK',
  'Video Confirm Required',
  'Video Confirm OK',
  'Video Confirm Denied',
];

/** Doc 1 §3: the log wording of each history action. */
export const HISTORY_WORDING: Record<string, string> = {
  upload: 'uploaded',
  transfer: 'signature request e-mail sent',
  agree: 'signed',
  reject: 'denied',
  reject_legal: 'rejected e-sign agreement',
  reject_vconfirm: 'rejected video confirm',
  video_confirm_req: 'video confirm request sent',
  video_confirm: 'all videos confirmed',
  all_agree: 'all recipients agreed',
  transfer_completion: 'signed contract sent',
  hash_nft: 'NFT of the signed document hash created',
  // Issue #32 (not in the spec's list): the owner's claim of a held token.
  token_claimed: 'token moved to the owner’s wallet',
  // Issue #28 (not the spec's actions; this project's wording).
  remind: 'reminder e-mail sent',
  expire: 'request expired',
  extend: 'expiry extended',
  delegate: 'request forwarded',
  void: 'contract voided',
  contact_change: 'contact changed',
  // Issue #29 item 3 (collaborative commenting; this project's wording).
  comment: 'comment posted',
  comment_edit: 'comment edited',
  comment_delete: 'comment deleted',
};

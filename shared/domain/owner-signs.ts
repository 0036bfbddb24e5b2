// How an owner's sign or stamp was made (the funnel's sign maker, the sign and stamp makers of
// /home/sign); the last three are stamps (hanko). Here, apart from the API schemas, so that the table's
// entity model (lambdas/adapters/dynamo/entities.ts) does not pull the zod schemas of the signing API
// into every function bundle (~9 KB each).
export const OWNER_SIGN_KINDS = [
  'draw',
  'autoGeneration',
  'upload',
  'generalStamp',
  'corporateStamp',
  'uploadStamp',
] as const;
export type OwnerSignKind = (typeof OWNER_SIGN_KINDS)[number];

// How a stored field (a recipient's area, issue #27) reads in the owner's and the signer's views: its
// type always named ('signature' for areas saved before fields), its required flag resolved, the
// attachment without its storage key. A signer sees values and files only on their own fields.
import type { AttachmentView, SignAreaView, SignerAreaView } from '../../shared/api/schemas';
import { fieldTypeOf, isRequired } from '../../shared/domain/fields';
import type { RecipientRecord } from '../adapters/dynamo/documents';

type StoredArea = NonNullable<RecipientRecord['areas']>[number];

function attachmentView(a: StoredArea): AttachmentView | undefined {
  const f = a.attachment;
  return f
    ? { fileName: f.fileName, contentType: f.contentType, sizeBytes: f.sizeBytes, sha256: f.sha256 }
    : undefined;
}

function settingsOf(a: StoredArea) {
  return {
    type: fieldTypeOf(a),
    required: isRequired(a),
    ...(a.label === undefined ? {} : { label: a.label }),
    ...(a.placeholder === undefined ? {} : { placeholder: a.placeholder }),
    ...(a.multiline === undefined ? {} : { multiline: a.multiline }),
    ...(a.maxLength === undefined ? {} : { maxLength: a.maxLength }),
    ...(a.options === undefined ? {} : { options: [...a.options] }),
  };
}

/** The owner's view of a field: everything but storage keys. */
export function ownerFieldView(a: StoredArea): SignAreaView {
  const attachment = attachmentView(a);
  return {
    pageIndex: a.pageIndex,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    signed: a.signed,
    ...settingsOf(a),
    ...(a.value === undefined ? {} : { value: a.value }),
    ...(a.filledAt === undefined ? {} : { filledAt: a.filledAt }),
    ...(attachment ? { attachment } : {}),
  };
}

/** The signer's view of a field; `mine`: the link holder's own field (values, sign and file shown). */
export function signerFieldView(a: StoredArea, areaIndex: number, mine: boolean): SignerAreaView {
  const attachment = mine ? attachmentView(a) : undefined;
  return {
    areaIndex,
    pageIndex: a.pageIndex,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    signed: a.signed,
    signId: mine ? (a.signId ?? null) : null,
    ...settingsOf(a),
    ...(mine && a.value !== undefined ? { value: a.value } : {}),
    ...(mine && a.filledAt !== undefined ? { filledAt: a.filledAt } : {}),
    ...(attachment ? { attachment } : {}),
  };
}

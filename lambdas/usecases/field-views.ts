// How a stored field (a recipient's area, issue #27) reads in the owner's and the signer's views: its
// type always named ('signature' for areas saved before fields), its required flag resolved, the
// attachment without its storage key. A signer sees values and files only on their own fields.
import type { AttachmentView, SignAreaView, SignerAreaView } from '../../shared/api/schemas';
import { fieldTypeOf, isRequired, setSettings } from '../../shared/domain/fields';
import type { RecipientRecord } from '../adapters/dynamo/documents';

type StoredArea = NonNullable<RecipientRecord['areas']>[number];

function attachmentView(a: StoredArea): AttachmentView | undefined {
  const f = a.attachment;
  return f
    ? { fileName: f.fileName, contentType: f.contentType, sizeBytes: f.sizeBytes, sha256: f.sha256 }
    : undefined;
}

/** The field's place, its filled flag and the owner's settings: what every view shows. */
function baseView(a: StoredArea) {
  return {
    pageIndex: a.pageIndex,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    signed: a.signed,
    type: fieldTypeOf(a),
    required: isRequired(a),
    ...setSettings(a),
  };
}

/** What the contractor filled: the value, when, the attached file. */
function filledView(a: StoredArea) {
  const attachment = attachmentView(a);
  return {
    ...(a.value === undefined ? {} : { value: a.value }),
    ...(a.filledAt === undefined ? {} : { filledAt: a.filledAt }),
    ...(attachment ? { attachment } : {}),
  };
}

/** The owner's view of a field: everything but storage keys. */
export function ownerFieldView(a: StoredArea): SignAreaView {
  return { ...baseView(a), ...filledView(a) };
}

/** The signer's view of a field; `mine`: the link holder's own field (values, sign and file shown). */
export function signerFieldView(a: StoredArea, areaIndex: number, mine: boolean): SignerAreaView {
  return {
    areaIndex,
    ...baseView(a),
    signId: mine ? (a.signId ?? null) : null,
    ...(mine ? filledView(a) : {}),
  };
}

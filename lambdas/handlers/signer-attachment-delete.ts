import { attachmentParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { deleteAttachment } from '../usecases/signer-attachments';

/** DELETE /api/sign/{docuId}/{token}/attachments/{areaIndex}: the signer removes their file. */
export const handler = httpHandler({ auth: 'signer', params: attachmentParamsSchema }, async (req) => {
  return {
    body: await deleteAttachment(signingDeps(), req.params.docuId, req.params.token, req.params.areaIndex),
  };
});

import { attachmentUploadRequestSchema, signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { createAttachmentForm } from '../usecases/signer-attachments';

/** POST /api/sign/{docuId}/{token}/attachments: a one-time upload form for an attachment field. */
export const handler = httpHandler(
  { auth: 'signer', body: attachmentUploadRequestSchema, params: signerParamsSchema },
  async (req) => {
    return {
      body: await createAttachmentForm(signingDeps(), req.params.docuId, req.params.token, req.body),
    };
  },
);

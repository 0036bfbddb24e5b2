import { attachmentCompleteRequestSchema, signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { completeAttachment } from '../usecases/signer-attachments';

/** POST /api/sign/{docuId}/{token}/attachments/complete: checks the landed file and attaches it. */
export const handler = httpHandler(
  { auth: 'signer', body: attachmentCompleteRequestSchema, params: signerParamsSchema },
  async (req) => {
    return {
      body: await completeAttachment(signingDeps(), req.params.docuId, req.params.token, req.body),
    };
  },
);

import { mobileParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { videoHandoffDeps } from '../deps';
import { getMobileRecordingView } from '../usecases/video-handoff';

/** GET /api/vsign-mobile/{mobileToken}: the phone recorder's script (404/410 for a bad link). */
export const handler = httpHandler({ auth: 'signer', params: mobileParamsSchema }, async (req) => {
  return { body: await getMobileRecordingView(videoHandoffDeps(), req.params.mobileToken) };
});

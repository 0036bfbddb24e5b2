import fs from 'node:fs';
import { stopCloudProcess } from './spawn-cloud.mjs';

export default async function teardown() {
  const cloud = globalThis.__localCloud;
  if (!cloud) return;
  globalThis.__localCloud = undefined;
  await stopCloudProcess(cloud.child);
  if (process.env.KEEP_TEST_CLOUD !== '1') fs.rmSync(cloud.runDir, { recursive: true, force: true });
}

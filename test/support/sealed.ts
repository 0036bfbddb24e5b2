// Reading what the seal and anchor workers produced, in the integration tests: a sealed PDF through
// poppler (pdfsig's report, pdftotext's text with its whitespace collapsed) and the local chain's
// DocumentAnchor contract, read raw with ethers.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contract, JsonRpcProvider } from 'ethers';
import { loadArtifact } from '../../lambdas/chain/artifact';
import { env } from './cloud-client';

export function chainContract(): Contract {
  const provider = new JsonRpcProvider(env('TEST_CHAIN_RPC_URL'), undefined, { staticNetwork: true });
  return new Contract(env('TEST_CHAIN_CONTRACT'), loadArtifact().abi, provider);
}

export function pdfReport(bytes: Uint8Array): { sig: string; text: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'sealed-')), 'sealed.pdf');
  writeFileSync(file, bytes);
  const sig = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  const text = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return { sig: `${sig.stdout}${sig.stderr}`, text: text.stdout.replace(/\s+/g, ' ') };
}

// Starts and stops every listener of the local cloud `runs` times in a row, all on port 0: the
// emulators (DynamoDB Local, cognito-local, s3rver and its front, SES, SQS/SNS), the chain, the local
// Stripe server and the app's socket — what `npm start` binds, without provisioning, seeding and the
// SPA, so that many starts fit in one test (issue #35). Each run checks every endpoint answers HTTP.
// Prints one `RUN {json}` line per run; a failure prints `FAILED <message>` and exits 1.
//   tsx test/support/start-listeners.ts <runs> <dataDir>
import http from 'node:http';
import { startLocalChain } from '../../local/chain';
import { startEmulators } from '../../local/emulators';
import { listenOn } from '../../local/ports';
import { startLocalStripe } from '../../local/stripe/server';

const [runsArg = '5', dataDir = '.test-cloud/listeners'] = process.argv.slice(2);

async function answers(url: string): Promise<void> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10000) });
  await res.arrayBuffer();
  if (!(res.status > 0)) throw new Error(`${url} did not answer`);
}

async function once(run: number): Promise<void> {
  const started = Date.now();
  const app = http.createServer((_req, res) => res.end('ok'));
  const appPort = await listenOn(app, 0, 'app', 'PORT');
  const emulators = await startEmulators(dataDir, { dynamodb: 0, s3: 0, ses: 0, cognito: 0, sqs: 0 });
  try {
    const chain = await startLocalChain({ dataDir, port: 0, log: () => undefined });
    try {
      const stripe = await startLocalStripe({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        webhookUrl: `http://127.0.0.1:${appPort}/webhook`,
      });
      try {
        const urls = [
          `http://127.0.0.1:${appPort}/`,
          emulators.endpoints.dynamodb,
          emulators.endpoints.s3,
          emulators.endpoints.ses,
          `${emulators.endpoints.cognito}/health`,
          emulators.endpoints.sqs,
          stripe.url,
          chain.rpcUrl,
        ];
        await Promise.all(urls.map(answers));
        console.log(
          'RUN ' +
            JSON.stringify({
              run,
              ms: Date.now() - started,
              ports: urls.map((u) => Number(new URL(u).port)),
            }),
        );
      } finally {
        await stripe.stop();
      }
    } finally {
      await chain.stop();
    }
  } finally {
    await emulators.stop();
    app.closeAllConnections();
    await new Promise<void>((resolve) => app.close(() => resolve()));
  }
}

async function main() {
  for (let run = 1; run <= Number(runsArg); run++) await once(run);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.log(`FAILED ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);

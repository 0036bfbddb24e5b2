// `npm start`: the whole product on this machine. Prints the app URL, the demo sign-ins and the
// local mailbox. Ctrl-C stops every child process. With LOCAL_READY_JSON=1 it also prints one line
// `LOCAL_CLOUD_READY {json}` that the test harness reads.
import { LocalCloudError } from './ports';
import { startLocalCloud } from './cloud';
import { FIRST_TEST_WALLET, LOCAL_CHAIN_ACCOUNTS, localAccount } from './chain';
import { faultsEnabled, startFaultSwitch, type FaultSwitch } from './faults';
import { ConfigError } from '../lambdas/config';

async function main() {
  // This machine runs Node 20 (the Lambdas run Node 22): the SDK's advice to upgrade is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const started = Date.now();
  let cloud: Awaited<ReturnType<typeof startLocalCloud>> | undefined;
  let faults: FaultSwitch | undefined;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local cloud…');
    // Before it is ready there is nothing to stop gracefully: exiting kills the emulators' processes.
    await faults?.stop();
    await cloud?.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  try {
    cloud = await startLocalCloud();
    // Tests that take the mail path down start the cloud with LOCAL_FAULTS=1 (local/faults.ts).
    if (faultsEnabled())
      faults = await startFaultSwitch({ mailboxUrl: cloud.mailboxUrl, trust: cloud.trust, log: console.log });
  } catch (err) {
    if (err instanceof LocalCloudError || err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const lines = [
    '',
    `SignSeal is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s).`,
    '',
    `  App:           ${cloud.appUrl}/`,
    `  Local mailbox: ${cloud.mailboxUrl}/   (e-mails and SMS the app sends)`,
    `  API health:    ${cloud.appUrl}/api/health`,
    `  Local Stripe:  ${cloud.stripeUrl}   (test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)`,
    `  Local chain:   ${cloud.chain.rpcUrl}   (chain id ${cloud.chain.chainId}, DocumentAnchor at ${cloud.chain.contractAddress})`,
    `  Test wallets:  dev accounts ${FIRST_TEST_WALLET}–${LOCAL_CHAIN_ACCOUNTS - 1} of the local chain's mnemonic, funded (My Info → Connect; e.g. ${localAccount(FIRST_TEST_WALLET).address})`,
    `  Local TSAs:    ${cloud.trust.tsaUrls.join(', ')}   (RFC 3161; OCSP at ${cloud.trust.ocspUrl}, root CA ${cloud.trust.rootFile})`,
    `  Test clock:    ${cloud.appUrl}/local/test-clock   (reminders and expiry; POST …/advance {"seconds":N}, …/reset)`,
    ...(faults
      ? [
          `  Fault switch:  ${faults.url}   (LOCAL_FAULTS=1: POST /mailbox/down, /mailbox/up, /tsa/down, /tsa/up)`,
        ]
      : []),
    '',
    '  Demo sign-in (e-mail / password):',
    ...cloud.demoAccounts.map(
      (a) => `    ${a.email}  /  ${a.password}   (${a.name}${a.admin ? ', admin: /en/admin' : ''})`,
    ),
    '',
    `  Data is kept in ${cloud.dataDir} (npm run reset wipes it). Ctrl-C stops everything.`,
    '',
  ];
  console.log(lines.join('\n'));
  if (process.env.LOCAL_READY_JSON === '1') {
    console.log(
      'LOCAL_CLOUD_READY ' +
        JSON.stringify({
          appUrl: cloud.appUrl,
          mailboxUrl: cloud.mailboxUrl,
          stripeUrl: cloud.stripeUrl,
          endpoints: cloud.endpoints,
          resources: cloud.resources,
          chain: cloud.chain,
          trust: {
            tsaUrls: cloud.trust.tsaUrls,
            ocspUrl: cloud.trust.ocspUrl,
            rootFile: cloud.trust.rootFile,
            intermediateFile: cloud.trust.intermediateFile,
          },
          demoAccounts: cloud.demoAccounts,
          handlerEnv: cloud.handlerEnv,
          ...(faults ? { faultsUrl: faults.url } : {}),
        }),
    );
  }
}

main().catch((err: unknown) => {
  console.error(`The local cloud could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

// The house Lambda function: every handler and worker of the product is one of these, so runtime,
// architecture, bundling, logs and tracing are decided once.
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type ILogGroup, LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aliasArgs } from '../bundle-aliases.js';
import { assetsFor, copyAssetsHooks, RENDER_MODULES, type FunctionAssets } from '../function-assets.js';
import type { WorkerName } from '../../shared/api/routes.js';

/** The repository root: esbuild resolves node_modules and the lock file from here. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * esbuild emits ESM; CommonJS dependencies bundled into it still call `require`, which ESM lacks.
 * The alias avoids clashing with any `createRequire` a bundled module declares itself.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __signsealCreateRequire } from 'node:module'; const require = __signsealCreateRequire(import.meta.url);";

export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;
export const FUNCTION_ARCHITECTURE = Architecture.ARM_64;

export interface AppFunctionProps {
  /** Absolute path of the TypeScript module that exports `handler`. */
  readonly entry: string;
  /** @default - none */
  readonly description?: string;
  /** @default Duration.seconds(15) */
  readonly timeout?: Duration;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
  /**
   * A log group shared with other functions (Lambda names each stream
   * `YYYY/MM/DD/<function name>[<version>]<id>`, so each function's lines stay apart); `logRetention`
   * is then the group's. @default - a log group of the function's own
   */
  readonly logGroup?: ILogGroup;
  /** Extra environment variables; the bind helpers add the resource ones. @default - none */
  readonly environment?: Readonly<Record<string, string>>;
  /** @default 'info' */
  readonly logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /**
   * Files copied next to the bundle (fonts, the contract's ABI), with the environment variables
   * that tell the code where they are. @default - the entry's FUNCTION_ASSETS (lib/function-assets.ts)
   */
  readonly assets?: FunctionAssets;
}

/** The job queues, one per worker; each has a `<NAME>_QUEUE_URL` variable in lambdas/config.ts. */
export type QueueName = WorkerName;

/**
 * NodejsFunction on Node.js 22 / arm64, bundled by the local esbuild into minified ESM with source
 * maps, logging JSON to its own log group with a retention, traced by X-Ray. Its role starts with
 * only the right to write that log group; the `bind*` helpers set the environment variables that name
 * the resources, and lib/access.ts grants each function only the access its route or worker declares.
 */
export class AppFunction extends NodejsFunction {
  private readonly executionRole: Role;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup =
      props.logGroup ??
      new LogGroup(scope, `${id}Logs`, {
        retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      });
    // An explicit role instead of the AWSLambdaBasicExecutionRole managed policy (logs:* on *).
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });

    const assets = props.assets ?? assetsFor(relative(PROJECT_ROOT, props.entry));
    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      tracing: Tracing.ACTIVE,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: `${PROJECT_ROOT}/package-lock.json`,
      environment: {
        LOG_LEVEL: props.logLevel ?? 'info',
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        target: 'node22',
        // Ship the SDK versions the code was tested with, not whatever the runtime carries.
        bundleAwsSDK: true,
        // The page renderer is never bundled; the functions that render install it (decision 163).
        externalModules: [...RENDER_MODULES],
        ...(assets.nodeModules?.length ? { nodeModules: [...assets.nodeModules] } : {}),
        esbuildArgs: aliasArgs(),
        ...(assets.files.length > 0 || assets.nodeModules?.length
          ? { commandHooks: copyAssetsHooks(assets.files, assets.nodeModules) }
          : {}),
      },
    });
    for (const [name, value] of Object.entries(assets.environment)) this.addEnvironment(name, value);
    this.executionRole = role;
    logGroup.grantWrite(role);

    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active X-Ray tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which do not support resource-level permissions; every other statement of this role names its resources.',
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the Lambda runtime the architecture fixes (section 4) and the code is tested against; nodejs24.x is a deliberate later upgrade, not a drive-by change.',
    });
  }

  /** Sets TABLE_NAME; item access is granted apart (`attachPolicy`, lib/access.ts). */
  bindTable(table: ITable): this {
    this.addEnvironment('TABLE_NAME', table.tableName);
    return this;
  }

  /** Sets DOCUMENTS_BUCKET; object access is granted apart (`attachPolicy`, lib/access.ts). */
  bindDocumentsBucket(bucket: IBucket): this {
    this.addEnvironment('DOCUMENTS_BUCKET', bucket.bucketName);
    return this;
  }

  /** Sets `<NAME>_QUEUE_URL`; permission to send is granted apart (lib/access.ts). */
  bindQueue(name: QueueName, queue: IQueue): this {
    this.addEnvironment(`${name.toUpperCase()}_QUEUE_URL`, queue.queueUrl);
    return this;
  }

  /** Attaches a managed policy (one kind of data access) to the execution role. */
  attachPolicy(policy: IManagedPolicy): this {
    this.executionRole.addManagedPolicy(policy);
    return this;
  }

  /** The ids the handlers check tokens against; no AWS permission is needed for that. */
  bindUserPool(userPool: IUserPool, client: IUserPoolClient): this {
    this.addEnvironment('USER_POOL_ID', userPool.userPoolId);
    this.addEnvironment('USER_POOL_CLIENT_ID', client.userPoolClientId);
    return this;
  }
}

// The documents bucket's CORS rule when no site URL is configured: browsers reach the bucket from the
// distribution's own origin (https://<id>.cloudfront.net), known only once the distribution exists in
// the app stack. The bucket lives in the stateful stack, which deploys first and cannot reference the
// app stack (that would be a cycle), so this custom resource sets the rule after the distribution is
// created. With context siteUrl the rule is in the bucket's own template instead (lib/constructs/storage.ts).
import { createHash } from 'node:crypto';
import { CfnResource, Lazy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { DOCUMENTS_BUCKET_CORS } from '../../shared/infra/definitions.js';

export interface DocumentsCorsProps {
  readonly bucket: IBucket;
  /** The one origin allowed, e.g. `https://d111111abcdef8.cloudfront.net`. */
  readonly origin: string;
}

export class DocumentsCors extends Construct {
  readonly resource: AwsCustomResource;

  constructor(scope: Construct, id: string, props: DocumentsCorsProps) {
    super(scope, id);
    const logs = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: "Sets the documents bucket's CORS rule to the distribution's origin",
    });
    logs.grantWrite(role);
    const call = {
      service: 'S3',
      action: 'PutBucketCors',
      parameters: {
        Bucket: props.bucket.bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [props.origin],
              AllowedMethods: [...DOCUMENTS_BUCKET_CORS.allowedMethods],
              AllowedHeaders: [...DOCUMENTS_BUCKET_CORS.allowedHeaders],
              ExposeHeaders: [...DOCUMENTS_BUCKET_CORS.exposedHeaders],
              MaxAgeSeconds: DOCUMENTS_BUCKET_CORS.maxAgeSeconds,
            },
          ],
        },
      },
      physicalResourceId: PhysicalResourceId.of('documents-bucket-cors'),
    };
    this.resource = new AwsCustomResource(this, 'Resource', {
      resourceType: 'Custom::DocumentsBucketCors',
      onCreate: call,
      onUpdate: call,
      // Nothing on delete: with siteUrl the bucket's template owns the rule again.
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [props.bucket.bucketArn] }),
      ]),
      role,
      logGroup: logs,
      installLatestAwsSdk: false,
    });
    // A hash of the bucket's own template: any update of the bucket by the stateful stack changes it,
    // so the rule is put again right after (should that update have reset the bucket's CORS).
    const bucketTemplate = bucketFingerprint(props.bucket);
    if (bucketTemplate) {
      const cfn = this.resource.node
        .findAll()
        .find(
          (c): c is CfnResource => CfnResource.isCfnResource(c) && c.cfnResourceType.startsWith('Custom::'),
        )!;
      cfn.addPropertyOverride('BucketTemplate', bucketTemplate);
    }

    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'The custom-resource provider of aws-cdk-lib (AwsCustomResource) writes its own logs; this role has only s3:PutBucketCORS on the documents bucket and the write of its log group besides.',
    });
    const stack = Stack.of(this);
    for (const child of stack.node.children.filter((c) =>
      c.node.id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'),
    )) {
      Validations.of(child).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          'Runtime of the AwsCustomResource provider is chosen and updated by aws-cdk-lib, not by this project; it only calls S3 PutBucketCors at deploy time.',
      });
    }
  }
}

/** A short hash of the bucket resource's template, resolved at synthesis (undefined for an imported bucket). */
function bucketFingerprint(bucket: IBucket): string | undefined {
  const cfn = bucket.node.defaultChild;
  if (!CfnResource.isCfnResource(cfn)) return undefined;
  return Lazy.string({
    produce: () => {
      const template = Stack.of(cfn).resolve(
        (cfn as unknown as { _toCloudFormation(): unknown })._toCloudFormation(),
      );
      return createHash('sha256').update(JSON.stringify(template)).digest('hex').slice(0, 16);
    },
  });
}

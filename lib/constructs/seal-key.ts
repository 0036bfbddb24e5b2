// The deployed sealing key (issue #30, architecture §22): an asymmetric KMS key, RSA 2048 for signing,
// whose private half never leaves KMS. It lives in the stateful stack and is retained: every sealed
// PDF's certificate is issued for it, so replacing the app stack must never replace the key. An
// operator may bring their own (context sealKmsKeyArn) instead.
import { CfnOutput, RemovalPolicy } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage, type IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

export interface SealKeyProps {
  /** Use this existing key (RSA_2048 or larger RSA, SIGN_VERIFY) instead of creating one. */
  readonly keyArn?: string;
}

export class SealKey extends Construct {
  readonly key: IKey;

  constructor(scope: Construct, id: string, props: SealKeyProps = {}) {
    super(scope, id);
    this.key = props.keyArn
      ? Key.fromKeyArn(this, 'Imported', props.keyArn)
      : new Key(this, 'Key', {
          description:
            'SignSeal sealing key: signs every sealed PDF and certificate (its certificate is configuration, docs/deploy.md)',
          keySpec: KeySpec.RSA_2048,
          keyUsage: KeyUsage.SIGN_VERIFY,
          removalPolicy: RemovalPolicy.RETAIN,
        });
    new CfnOutput(this, 'Arn', {
      description:
        'The sealing key: npm run kms-csr -- --key <this> --subject …, then put it and the issued chain in the sealing secret',
      value: this.key.keyArn,
    });
  }

  /** What a function that seals needs: Sign and GetPublicKey on this key, nothing else. */
  grantSign(grantee: IGrantable): void {
    this.key.grant(grantee, 'kms:Sign', 'kms:GetPublicKey');
  }
}

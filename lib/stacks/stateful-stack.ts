// Everything that holds data: the table, the documents bucket, the owners' user pool and the sealing
// key in KMS (every sealed PDF's certificate is issued for it). Kept in its own stack so the app stack
// can be replaced, renamed or torn down without touching data.
import { Stack, type StackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { Auth, type AuthProps } from '../constructs/auth.js';
import { SealKey, type SealKeyProps } from '../constructs/seal-key.js';
import { Storage, type StorageProps } from '../constructs/storage.js';

export interface StatefulStackProps extends StackProps {
  readonly storage: StorageProps;
  /** @default - e-mail and password sign-in, threat protection on */
  readonly auth?: AuthProps;
  /** The sealing key in KMS (issue #30). @default - a new RSA_2048 signing key, retained */
  readonly sealKey?: SealKeyProps;
}

export class StatefulStack extends Stack {
  readonly storage: Storage;
  readonly auth: Auth;
  readonly sealKey: SealKey;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    this.storage = new Storage(this, 'Storage', props.storage);
    this.auth = new Auth(this, 'Auth', props.auth);
    this.sealKey = new SealKey(this, 'SealKey', props.sealKey);
  }
}

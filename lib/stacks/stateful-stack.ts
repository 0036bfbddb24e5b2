// Everything that holds data: the table, the documents bucket and the owners' user pool. Kept in
// its own stack so the app stack can be replaced, renamed or torn down without touching data.
import { Stack, type StackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { Auth, type AuthProps } from '../constructs/auth.js';
import { Storage, type StorageProps } from '../constructs/storage.js';

export interface StatefulStackProps extends StackProps {
  readonly storage: StorageProps;
  /** @default - e-mail and password sign-in, threat protection on */
  readonly auth?: AuthProps;
}

export class StatefulStack extends Stack {
  readonly storage: Storage;
  readonly auth: Auth;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    this.storage = new Storage(this, 'Storage', props.storage);
    this.auth = new Auth(this, 'Auth', props.auth);
  }
}

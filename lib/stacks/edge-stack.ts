// The WAF web ACL for CloudFront lives in us-east-1 (AWS's rule for scope CLOUDFRONT) whatever region
// the app runs in. The app stack reads its ARN through a cross-region stack output (weak reference,
// Fn::GetStackOutput), so CDK deploys this stack first with `--all`.
import { Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ApiFirewall, type ApiFirewallProps } from '../constructs/waf.js';

export interface EdgeStackProps extends StackProps {
  readonly firewall?: ApiFirewallProps;
}

export class EdgeStack extends Stack {
  readonly firewall: ApiFirewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (!Token.isUnresolved(this.region) && this.region !== 'us-east-1') {
      throw new Error(`EdgeStack: a CloudFront web ACL must be created in us-east-1, not ${this.region}.`);
    }
    this.firewall = new ApiFirewall(this, 'Firewall', props.firewall);
  }
}

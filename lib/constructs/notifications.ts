// Outgoing e-mail (SES) and SMS (SNS straight to phone numbers) for signature requests, denials and
// completion certificates.
import { ArnFormat, CfnOutput, Stack } from 'aws-cdk-lib';
import { Effect, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

/**
 * How the sender is verified in SES:
 * - `domain`: a domain identity with Easy DKIM (the CNAME records are stack outputs to publish);
 * - `address`: only the sender address (SES mails it a confirmation link);
 * - `existing`: the domain or address is already a verified identity in this account and region.
 */
export type MailIdentityMode = 'domain' | 'address' | 'existing';

export interface NotificationsProps {
  /** The sender of every e-mail, `Name <local@domain>` or `local@domain` (MAIL_FROM). */
  readonly mailFrom: string;
  /** @default 'domain' */
  readonly identity?: MailIdentityMode;
  /**
   * While the SES account is in the sandbox, SES also authorises each send against the recipient's
   * identity; list the verified recipient addresses here to grant exactly those.
   * @default - none (production access)
   */
  readonly sandboxRecipients?: readonly string[];
}

/** Splits `Name <a@b>` or `a@b` into its address and domain. */
export function parseMailFrom(mailFrom: string): { address: string; domain: string } {
  const address = (/<([^<>\s]+@[^<>\s]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1 || /\s/.test(address)) {
    throw new Error(`Notifications: mailFrom "${mailFrom}" is not an e-mail address or "Name <address>".`);
  }
  return { address, domain: address.slice(at + 1).toLowerCase() };
}

/** The SES identity of the sender and the permissions to send e-mail and SMS. */
export class Notifications extends Construct {
  readonly mailFrom: string;
  readonly emailIdentity?: EmailIdentity;
  private readonly sendableIdentityArns: string[];

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    this.mailFrom = props.mailFrom;
    const { address, domain } = parseMailFrom(props.mailFrom);
    const mode = props.identity ?? 'domain';
    const stack = Stack.of(this);
    const identityArn = (name: string) =>
      stack.formatArn({
        service: 'ses',
        resource: 'identity',
        resourceName: name,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      });

    if (mode === 'domain') {
      this.emailIdentity = new EmailIdentity(this, 'SenderDomain', { identity: Identity.domain(domain) });
      this.emailIdentity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, {
          description: `Publish in DNS to verify ${domain} for SES (Easy DKIM)`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    } else if (mode === 'address') {
      this.emailIdentity = new EmailIdentity(this, 'SenderAddress', { identity: Identity.email(address) });
    }
    this.sendableIdentityArns = [
      this.emailIdentity?.emailIdentityArn ?? identityArn(domain),
      ...(mode === 'existing' ? [identityArn(address)] : []),
      ...(props.sandboxRecipients ?? []).map(identityArn),
    ];
  }

  /** E-mail from the sender identity, and SMS to phone numbers (never to a topic or endpoint). */
  grantSend(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: this.sendableIdentityArns,
      }),
    );
    // A Publish to a phone number has no ARN to name; excluding every SNS ARN leaves exactly the
    // direct-to-phone case, so the role cannot publish to any topic or platform endpoint.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['sns:Publish'],
        notResources: ['arn:*:sns:*:*:*'],
      }),
    );
  }
}

import { GetAccountCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { HealthCheckable } from '../ports';

/**
 * The e-mail part of GET /api/health: SES v2 GetAccount, a read-only call that says whether the
 * account may send. Kept apart from the mailer so that only the health check bundles the SES v2
 * client (64 KB), not every function that sends mail.
 */
export class SesAccountCheck implements HealthCheckable {
  constructor(private readonly client: SESv2Client) {}

  async check(): Promise<void> {
    const account = await this.client.send(new GetAccountCommand({}));
    if (account.SendingEnabled === false) throw new Error('SES sending is disabled for this account');
  }
}

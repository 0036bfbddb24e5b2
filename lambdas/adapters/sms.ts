import { GetSMSAttributesCommand, PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import type { HealthCheckable, Mailer, SmsSender } from '../ports';

/** SMS through SNS (deployed). */
export class SnsSms implements SmsSender, HealthCheckable {
  constructor(private readonly client: SNSClient) {}

  async check(): Promise<void> {
    await this.client.send(new GetSMSAttributesCommand({ attributes: ['DefaultSMSType'] }));
  }

  async send(to: string, text: string): Promise<{ messageId: string }> {
    const res = await this.client.send(
      new PublishCommand({
        PhoneNumber: to,
        Message: text,
        MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
      }),
    );
    return { messageId: res.MessageId ?? '' };
  }
}

/** The local SNS emulator cannot deliver SMS: locally each SMS is written to the local mailbox as a
 *  plain-text mail to `<number>@sms.local`, so a person (or a test) can read it there. */
export class MailboxSms implements SmsSender {
  constructor(private readonly mailer: Mailer) {}

  send(to: string, text: string): Promise<{ messageId: string }> {
    const local = to.replace(/[^0-9+]/g, '');
    return this.mailer.send({ to: [`${local}@sms.local`], subject: `SMS to ${local}`, text });
  }
}

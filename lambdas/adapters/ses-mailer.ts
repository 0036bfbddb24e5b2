import { SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import { GetAccountCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Mailer, OutgoingMail } from '../ports';

/** Builds a MIME message (text, HTML, attachments, UTF-8 headers) and sends it with SES SendRawEmail. */
export async function buildMime(from: string, mail: OutgoingMail): Promise<Uint8Array> {
  const composer = new MailComposer({
    from,
    to: [...mail.to],
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content),
    })),
  });
  const buffer = await composer.compile().build();
  return new Uint8Array(buffer);
}

export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESClient,
    /** Used for the health check only: SES v2 GetAccount is a read-only call. */
    private readonly accountClient: SESv2Client,
    private readonly from: string,
    private readonly replyTo?: string,
  ) {}

  async check(): Promise<void> {
    const account = await this.accountClient.send(new GetAccountCommand({}));
    if (account.SendingEnabled === false) throw new Error('SES sending is disabled for this account');
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const raw = await buildMime(this.from, { ...mail, replyTo: mail.replyTo ?? this.replyTo });
    const res = await this.client.send(
      new SendRawEmailCommand({ Source: this.from, Destinations: [...mail.to], RawMessage: { Data: raw } }),
    );
    return { messageId: res.MessageId ?? '' };
  }
}

import { SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import { MailComposer } from '../droppable/mail-composer';
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
    private readonly from: string,
    private readonly replyTo?: string,
  ) {}

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const raw = await buildMime(this.from, { ...mail, replyTo: mail.replyTo ?? this.replyTo });
    const res = await this.client.send(
      new SendRawEmailCommand({ Source: this.from, Destinations: [...mail.to], RawMessage: { Data: raw } }),
    );
    return { messageId: res.MessageId ?? '' };
  }
}

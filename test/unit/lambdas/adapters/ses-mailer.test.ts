import { SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { SesAccountCheck } from '../../../../lambdas/adapters/ses-account';
import { buildMime, SesMailer } from '../../../../lambdas/adapters/ses-mailer';

const sesMock = mockClient(SESClient);
const sesv2Mock = mockClient(SESv2Client);
const FROM = 'SignSeal <no-reply@example.com>';

const mailer = () => new SesMailer(new SESClient({ region: 'us-east-1' }), FROM, 'support@example.com');
const account = () => new SesAccountCheck(new SESv2Client({ region: 'us-east-1' }));

const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

beforeEach(() => {
  sesMock.reset();
  sesv2Mock.reset();
});

describe('the SES mailer', () => {
  it('sends a raw MIME message to every recipient and returns the SES message id', async () => {
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'ses-1' });

    const res = await mailer().send({
      to: ['hanako@example.com', 'taro@example.com'],
      subject: 'Please sign',
      text: 'Your contract is ready.',
      attachments: [
        { filename: 'contract.pdf', contentType: 'application/pdf', content: new Uint8Array([37, 80]) },
      ],
    });

    expect(res).toEqual({ messageId: 'ses-1' });
    const input = sesMock.commandCalls(SendRawEmailCommand)[0]!.args[0].input;
    expect(input.Source).toBe(FROM);
    expect(input.Destinations).toEqual(['hanako@example.com', 'taro@example.com']);
    const mime = decode(input.RawMessage!.Data!);
    expect(mime).toContain('Subject: Please sign');
    expect(mime).toContain('Your contract is ready.');
    expect(mime).toContain('filename=contract.pdf');
    expect(mime).toMatch(/^Reply-To: support@example.com$/m);
  });

  it('encodes a Japanese subject as UTF-8', async () => {
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'ses-2' });

    await mailer().send({ to: ['hanako@example.com'], subject: '契約書の署名のお願い', text: '本文' });

    const mime = decode(sesMock.commandCalls(SendRawEmailCommand)[0]!.args[0].input.RawMessage!.Data!);
    const subject = /^Subject: (.+)$/m.exec(mime)![1]!;
    expect(subject).toMatch(/^=\?UTF-8\?[BQ]\?/i);
    expect(subject).not.toContain('契約書');
  });
});

describe('the SES account check (GET /api/health)', () => {
  it('is healthy while SES sending is enabled', async () => {
    sesv2Mock.on(GetAccountCommand).resolves({ SendingEnabled: true });

    await expect(account().check()).resolves.toBeUndefined();
  });

  it('is unhealthy when SES sending is disabled for the account', async () => {
    sesv2Mock.on(GetAccountCommand).resolves({ SendingEnabled: false });

    await expect(account().check()).rejects.toThrow('SES sending is disabled');
  });
});

describe('the MIME builder', () => {
  it('builds a multipart message with the text part and the attachment part', async () => {
    const mime = decode(
      await buildMime(FROM, {
        to: ['hanako@example.com'],
        subject: 'Sealed',
        text: 'Attached.',
        attachments: [
          { filename: 'sealed.pdf', contentType: 'application/pdf', content: new Uint8Array([1, 2, 3]) },
        ],
      }),
    );

    const boundary = /^Content-Type: multipart\/mixed;\s*boundary="?([^"\r\n]+)"?/im.exec(mime)?.[1];
    expect(boundary).toBeDefined();
    const parts = mime.split(`--${boundary}`).slice(1, -1);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatch(/Content-Type: text\/plain/i);
    expect(parts[1]).toMatch(/Content-Type: application\/pdf; name=sealed.pdf/i);
    expect(parts[1]).toMatch(/Content-Disposition: attachment; filename=sealed.pdf/i);
    expect(parts[1]).toContain('AQID'); // base64 of [1, 2, 3]
  });

  it('builds a single-part message without attachments', async () => {
    const mime = decode(await buildMime(FROM, { to: ['hanako@example.com'], subject: 'Hi', text: 'Plain.' }));

    expect(mime).not.toMatch(/multipart/i);
    expect(mime).toMatch(/^Content-Type: text\/plain/im);
  });
});

import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { MailboxSms, SnsSms } from '../../../../lambdas/adapters/sms';
import type { Mailer, OutgoingMail } from '../../../../lambdas/ports';

const snsMock = mockClient(SNSClient);
beforeEach(() => snsMock.reset());

describe('SMS through SNS', () => {
  it('publishes a transactional SMS to the phone number', async () => {
    snsMock.on(PublishCommand).resolves({ MessageId: 'sns-1' });

    const res = await new SnsSms(new SNSClient({ region: 'us-east-1' })).send(
      '+819012345678',
      'Your code is 123456',
    );

    expect(res).toEqual({ messageId: 'sns-1' });
    expect(snsMock.commandCalls(PublishCommand)[0]!.args[0].input).toEqual({
      PhoneNumber: '+819012345678',
      Message: 'Your code is 123456',
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    });
  });
});

describe('SMS written to the local mailbox', () => {
  it('mails the text to <number>@sms.local with an "SMS to" subject', async () => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      send: async (mail) => {
        sent.push(mail);
        return { messageId: 'mail-1' };
      },
    };

    const res = await new MailboxSms(mailer).send('+81901234', 'Your code is 123456');

    expect(res).toEqual({ messageId: 'mail-1' });
    expect(sent).toEqual([
      { to: ['+81901234@sms.local'], subject: 'SMS to +81901234', text: 'Your code is 123456' },
    ]);
  });
});

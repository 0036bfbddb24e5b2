import { cognitoMessageReader, type CognitoMessage } from '../../../local/emulators';

const BOX = `[12:00:00] INFO: NONE NONE \u001b[33m╭──────────────────────────────╮\u001b[39m
│   Confirmation Code Delivery   │
│   Username:    5f0c-sub        │
│   Destination: kenji@example.com │
│   Code:        123456          │
╰──────────────────────────────╯`;

describe("reading cognito-local's verification codes", () => {
  it('finds the destination and the code of each delivery box, even split across chunks', () => {
    const got: CognitoMessage[] = [];
    const read = cognitoMessageReader((m) => got.push(m));
    read(BOX.slice(0, 120));
    expect(got).toEqual([]);
    read(BOX.slice(120) + '\nother log line\n' + BOX.replace('123456', '654321'));
    expect(got).toEqual([
      { destination: 'kenji@example.com', code: '123456' },
      { destination: 'kenji@example.com', code: '654321' },
    ]);
  });

  it('ignores output without a delivery box', () => {
    const got: CognitoMessage[] = [];
    cognitoMessageReader((m) => got.push(m))('INFO: Cognito Local running on http://127.0.0.1:9229');
    expect(got).toEqual([]);
  });
});

import { ConfigError, parseConfig } from '../../../lambdas/config';

const FULL_ENV = {
  TABLE_NAME: 'signseal',
  DOCUMENTS_BUCKET: 'signseal-documents',
  SEAL_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/seal',
  ANCHOR_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/anchor',
  NOTIFY_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/notify',
  USER_POOL_ID: 'us-east-1_abc',
  USER_POOL_CLIENT_ID: 'client-1',
  MAIL_FROM: 'SignSeal <no-reply@example.com>',
  APP_URL: 'https://app.example.com',
};

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('parseConfig accepted the environment');
}

describe('the server configuration', () => {
  it('accepts a complete environment and applies the defaults', () => {
    const config = parseConfig(FULL_ENV);

    expect(config).toMatchObject({
      TABLE_NAME: 'signseal',
      APP_URL: 'https://app.example.com',
      AWS_REGION: 'us-east-1',
      SMS_MODE: 'sns',
      MAX_UPLOAD_BYTES: 50_000_000,
      MIN_AGE: 18,
      S3_FORCE_PATH_STYLE: false,
      LOG_LEVEL: 'info',
    });
  });

  it('reads numbers and booleans from their string form', () => {
    const config = parseConfig({ ...FULL_ENV, MAX_UPLOAD_BYTES: '1024', S3_FORCE_PATH_STYLE: 'true' });

    expect(config.MAX_UPLOAD_BYTES).toBe(1024);
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('fails with one line naming a missing variable', () => {
    const err = configError({ ...FULL_ENV, TABLE_NAME: undefined });

    expect(err.variable).toBe('TABLE_NAME');
    expect(err.message).toBe('Configuration error: TABLE_NAME is missing');
  });

  it.each([
    ['APP_URL', 'not a url'],
    ['SMS_MODE', 'pigeon'],
    ['MAX_UPLOAD_BYTES', '-1'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
  ])('names %s as malformed when it is %j', (variable, value) => {
    const err = configError({ ...FULL_ENV, [variable]: value });

    expect(err.variable).toBe(variable);
    expect(err.message).toMatch(new RegExp(`^Configuration error: ${variable} is malformed \\(.+\\)$`));
  });
});

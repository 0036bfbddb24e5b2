// Settings for volume (issue #33 item 5, docs/performance.md § Cost per contract): the API stage's
// throttling is the deploy's to choose; the default stays 100 a second with a burst of 200.
import { Template } from 'aws-cdk-lib/assertions';
import { readSettings } from '../../bin/settings.js';
import { cleanup, composeTestApp, MAIL_FROM, testApp } from './support.js';

afterAll(cleanup);

const settings = (context: Record<string, unknown>) =>
  readSettings(testApp({ context: { mailFrom: MAIL_FROM, ...context } }).node, {});

const stageThrottle = (context: Record<string, unknown>) => {
  const { app } = composeTestApp({ context });
  const stages = Template.fromStack(app).findResources('AWS::ApiGatewayV2::Stage');
  return Object.values(stages).map((s) => s.Properties.DefaultRouteSettings);
};

describe('the API stage throttling', () => {
  test('defaults to 100 a second, burst 200', () => {
    expect(settings({}).apiThrottle).toEqual({ rateLimit: 100, burstLimit: 200 });
    expect(stageThrottle({})).toEqual([{ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 }]);
  });

  test('is raised by -c apiRateLimit and -c apiBurstLimit', () => {
    expect(stageThrottle({ apiRateLimit: '2000', apiBurstLimit: '5000' })).toEqual([
      { ThrottlingRateLimit: 2000, ThrottlingBurstLimit: 5000 },
    ]);
  });

  test.each([
    ['not a number', { apiRateLimit: 'lots' }, /apiRateLimit "lots"/],
    ['zero', { apiBurstLimit: '0' }, /apiBurstLimit "0"/],
    ['a fraction', { apiRateLimit: '1.5' }, /apiRateLimit "1.5"/],
    ['a burst below the rate', { apiRateLimit: '500', apiBurstLimit: '300' }, /apiBurstLimit \(300\)/],
  ])('refuses %s in one line naming the key', (_, context, message) => {
    expect(() => settings(context)).toThrow(message);
  });
});

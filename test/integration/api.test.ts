// The API through the local cloud's gateway: the same handler modules and an authorizer-equivalent
// JWT check, against the real emulators.
import { api, env, signIn } from '../support/cloud-client';

describe('GET /api/health', () => {
  it('reports every dependency up against the running emulators', async () => {
    const res = await api('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(Object.keys(res.body.checks).sort()).toEqual([
      'chain',
      'database',
      'mail',
      'queues',
      'scheduler',
      'sms',
      'storage',
    ]);
    for (const check of Object.values(res.body.checks) as { ok: boolean; latencyMs: number }[]) {
      expect(check.ok).toBe(true);
      expect(check.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('routing', () => {
  it('answers an unknown API route with a JSON 404 and a message key', async () => {
    const res = await api('/api/no-such-thing', { method: 'POST', body: { a: 1 } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('errors.routeNotFound');
    expect(res.body.error.requestId).toBeTruthy();
  });

  it('answers a known path with the wrong method as an unknown route', async () => {
    const res = await api('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('errors.routeNotFound');
  });

  it('serves the SPA for app routes and its runtime configuration', async () => {
    const page = await fetch(env('TEST_APP_URL') + '/en/home');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    const config = await api('/config.json');
    expect(config.body.userPoolId).toBe(env('USER_POOL_ID'));
    expect(config.body.userPoolClientId).toBe(env('USER_POOL_CLIENT_ID'));
    expect(config.body.apiBase).toBe('/api');
  });

  it('answers a missing static file with 404 rather than the app', async () => {
    const res = await fetch(env('TEST_APP_URL') + '/assets/missing-file.js');
    expect(res.status).toBe(404);
  });
});

describe('owner routes behind the JWT check', () => {
  it('refuses a request without a token', async () => {
    const res = await api('/api/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('errors.unauthorized');
  });

  it('refuses a tampered token', async () => {
    const { idToken } = await signIn(env('TEST_DEMO_EMAIL'), env('TEST_DEMO_PASSWORD'));
    const [h, p, s] = idToken.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.sub = 'someone-else';
    const forged = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
    const res = await api('/api/me', { token: forged });
    expect(res.status).toBe(401);
  });

  it('gives a signed-in demo owner their profile: seeded as signed up, on the trial plan', async () => {
    const { idToken } = await signIn(env('TEST_DEMO2_EMAIL'), env('TEST_DEMO2_PASSWORD'));
    const res = await api('/api/me', { token: idToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: env('TEST_DEMO2_EMAIL'),
      name: env('TEST_DEMO2_NAME'),
      plan: 'trial',
      isAdmin: false,
      consentsRequired: false,
      firstLogin: false,
    });
    const days = (Date.parse(res.body.validDate) - Date.now()) / 86400000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('accepts an access token too, as the API Gateway JWT authorizer does (client_id claim)', async () => {
    const { accessToken } = await signIn(env('TEST_DEMO_EMAIL'), env('TEST_DEMO_PASSWORD'));
    const res = await api('/api/me', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(env('TEST_DEMO_NAME'));
  });
});

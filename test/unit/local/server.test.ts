import type { RouteDefinition } from '../../../shared/api/routes';
import { compileRoutes, matchRoute } from '../../../local/server';

const route = (method: RouteDefinition['method'], path: string, handler: string): RouteDefinition => ({
  id: handler,
  method,
  path,
  auth: 'public',
  handler,
});

const ROUTES = [
  route('GET', '/api/health', 'health'),
  route('GET', '/api/documents/{docuId}', 'get-document'),
  route('DELETE', '/api/documents/{docuId}', 'delete-document'),
  route('GET', '/api/files/{proxy+}', 'files'),
  route('GET', '/api/v1.0/ping', 'ping'),
];
const compiled = compileRoutes(ROUTES);

describe('the local API router', () => {
  it('matches a path parameter and decodes it', () => {
    const match = matchRoute(compiled, 'GET', '/api/documents/%E5%A5%91%E7%B4%84%201');

    expect(match?.route.handler).toBe('get-document');
    expect(match?.params).toEqual({ docuId: '契約 1' });
  });

  it('tells routes on the same path apart by method', () => {
    expect(matchRoute(compiled, 'DELETE', '/api/documents/d-1')?.route.handler).toBe('delete-document');
  });

  it('matches nothing when no route has the method', () => {
    expect(matchRoute(compiled, 'POST', '/api/documents/d-1')).toBeNull();
  });

  it('lets a {proxy+} parameter take the rest of the path, slashes included', () => {
    const match = matchRoute(compiled, 'GET', '/api/files/a/b/c.pdf');

    expect(match?.route.handler).toBe('files');
    expect(match?.params).toEqual({ proxy: 'a/b/c.pdf' });
  });

  it.each([
    '/api/documents/d-1/extra',
    '/api/documents/',
    '/api/documents',
    '/prefix/api/health',
    '/api/healthz',
    '/api/files/',
  ])('does not match part of a path: %s', (path) => {
    expect(matchRoute(compiled, 'GET', path)).toBeNull();
  });

  it('treats dots in a route path literally', () => {
    expect(matchRoute(compiled, 'GET', '/api/v1.0/ping')?.route.handler).toBe('ping');
    expect(matchRoute(compiled, 'GET', '/api/v1x0/ping')).toBeNull();
  });

  it('matches no parameters for a static route', () => {
    expect(matchRoute(compiled, 'GET', '/api/health')).toEqual({ route: ROUTES[0], params: {} });
  });
});

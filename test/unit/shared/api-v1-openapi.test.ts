// The OpenAPI 3.1 description of REST v1 (issue #31 item 2): generated from the route registry, it
// lists exactly the registry's routes (a route missing from either fails here), and it is structurally
// valid OpenAPI 3.1 — required fields, unique operation ids, every $ref resolving, every path
// parameter declared and every declared one in the path, scopes and security schemes known. (No
// OpenAPI validator package is installed; these are the checks such a validator makes that matter.)
import { API_SCOPES } from '../../../shared/domain/api-keys';
import { buildOpenApi } from '../../../shared/api/v1/openapi';
import { V1_TAGS, compileV1Path, type V1Route } from '../../../shared/api/v1/registry';
import { V1_ROUTES } from '../../../shared/api/v1/routes';
import { v1Operations, type V1Services } from '../../../lambdas/usecases/api-v1';
import { apiErrorMessages } from '../../support/api-error-messages';
import stored from '../../../shared/i18n/server/api-errors.json' with { type: 'json' };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operationsOf(doc: Json): { path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );
}

function resolve(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined),
      doc,
    );
}

function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

/** A structural check of an OpenAPI 3.1 document: the problems found (none: valid). */
export function openApiProblems(doc: Json): string[] {
  const problems: string[] = [];
  if (doc.openapi !== '3.1.0') problems.push('openapi must be 3.1.0');
  if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string')
    problems.push('info.title and info.version are required');
  if (!doc.paths || typeof doc.paths !== 'object') problems.push('paths is required');
  const ids = new Set<string>();
  const tags = new Set((doc.tags ?? []).map((t: Json) => t.name));
  for (const { path, method, op } of operationsOf(doc)) {
    const where = `${method.toUpperCase()} ${path}`;
    if (!path.startsWith('/')) problems.push(`${where}: path must start with /`);
    if (typeof op.operationId !== 'string') problems.push(`${where}: operationId missing`);
    else if (ids.has(op.operationId)) problems.push(`${where}: duplicate operationId ${op.operationId}`);
    else ids.add(op.operationId);
    if (!op.responses || Object.keys(op.responses).length === 0) problems.push(`${where}: no responses`);
    for (const [status, res] of Object.entries(op.responses ?? {})) {
      if (!/^[1-5]\d\d$|^default$/.test(status)) problems.push(`${where}: bad status ${status}`);
      const r = (res as Json).$ref ? (resolve(doc, (res as Json).$ref) as Json) : (res as Json);
      if (typeof r?.description !== 'string') problems.push(`${where} ${status}: description missing`);
    }
    for (const t of op.tags ?? []) if (!tags.has(t)) problems.push(`${where}: undeclared tag ${t}`);
    const params = (op.parameters ?? []).map((p: Json) => (p.$ref ? (resolve(doc, p.$ref) as Json) : p));
    for (const p of params) {
      if (!p || typeof p.name !== 'string' || !['path', 'query', 'header', 'cookie'].includes(p.in))
        problems.push(`${where}: a parameter lacks name or in`);
      else if (!p.schema) problems.push(`${where}: parameter ${p.name} has no schema`);
      if (p?.in === 'path' && p.required !== true)
        problems.push(`${where}: path parameter ${p.name} not required`);
    }
    const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const declared = params.filter((p: Json) => p?.in === 'path').map((p: Json) => p.name);
    for (const n of inPath)
      if (!declared.includes(n)) problems.push(`${where}: path parameter ${n} not declared`);
    for (const n of declared)
      if (!inPath.includes(n)) problems.push(`${where}: parameter ${n} not in the path`);
    for (const req of op.security ?? []) {
      for (const [scheme, scopes] of Object.entries(req as Json)) {
        if (!doc.components?.securitySchemes?.[scheme])
          problems.push(`${where}: unknown security scheme ${scheme}`);
        for (const s of scopes as string[])
          if (!(API_SCOPES as readonly string[]).includes(s)) problems.push(`${where}: unknown scope ${s}`);
      }
    }
    if (op.requestBody && !op.requestBody.content) problems.push(`${where}: requestBody without content`);
  }
  for (const ref of refsIn(doc)) if (resolve(doc, ref) === undefined) problems.push(`unresolved $ref ${ref}`);
  return problems;
}

const doc = buildOpenApi(V1_ROUTES) as Json;

describe('the OpenAPI document of REST v1', () => {
  it('is structurally valid OpenAPI 3.1', () => {
    expect(openApiProblems(doc)).toEqual([]);
  });

  it('lists every registry route, and nothing else', () => {
    const inDoc = operationsOf(doc).map(
      ({ path, method, op }) => `${method.toUpperCase()} ${path} ${op.operationId}`,
    );
    const inRegistry = V1_ROUTES.map((r) => `${r.method} ${r.path} ${r.id}`);
    expect(inDoc.sort()).toEqual(inRegistry.sort());
  });

  it("names each route's scope in its security and x-scopes, and none for a public route", () => {
    for (const r of V1_ROUTES) {
      const op = doc.paths[r.path][r.method.toLowerCase()];
      expect(op.security).toEqual(r.scope ? [{ bearer: [r.scope] }] : []);
      expect(op['x-scopes']).toEqual(r.scope ? [r.scope] : []);
      // An operation without a key has no 401/403.
      expect('401' in op.responses).toBe(r.scope !== null);
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('takes Idempotency-Key on every POST and only there, and documents 422 there', () => {
    for (const { method, op } of operationsOf(doc)) {
      const has = (op.parameters as Json[]).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
      expect([method, has]).toEqual([method, method === 'post']);
      expect([method, '422' in op.responses]).toEqual([method, method === 'post']);
    }
  });

  it('gives every operation the error responses in the one error shape', () => {
    for (const { op } of operationsOf(doc)) {
      for (const s of ['400', '404', '429', '500']) {
        expect(op.responses[s]).toEqual({ $ref: `#/components/responses/E${s}` });
      }
    }
    const error = doc.components.schemas.Error;
    expect(error.properties.error.required).toEqual(expect.arrayContaining(['code', 'message', 'requestId']));
  });

  it('shows the body schema and example of each write, and success schemas for all', () => {
    for (const r of V1_ROUTES) {
      const op = doc.paths[r.path][r.method.toLowerCase()];
      const success = op.responses[String(r.status ?? 200)];
      expect(success.content['application/json'].schema).toBeDefined();
      if (r.body) {
        expect(op.requestBody.content['application/json'].schema.type).toBe('object');
        expect(op.requestBody.content['application/json'].example).toBeDefined();
        // The example passes the handler's own schema.
        expect(r.body.safeParse(r.example).success).toBe(true);
      }
    }
  });

  it('uses only declared tags, each with at least one operation', () => {
    expect(new Set(V1_ROUTES.map((r) => r.tag))).toEqual(new Set(V1_TAGS));
  });

  it('reports a route missing from the document, or an unresolved reference', () => {
    const extra: V1Route = { ...V1_ROUTES[0]!, id: 'ghost', path: '/ghost/{ghostId}', params: undefined };
    const broken = buildOpenApi([...V1_ROUTES, extra]) as Json;
    expect(openApiProblems(broken)).toContain('POST /ghost/{ghostId}: path parameter ghostId not declared');
    broken.paths['/documents'].post.responses['400'] = { $ref: '#/components/responses/Nope' };
    expect(openApiProblems(broken)).toContain('unresolved $ref #/components/responses/Nope');
  });
});

describe('the registry', () => {
  it('has an operation for each route, and a route for each operation', () => {
    const ops = v1Operations({} as V1Services);
    expect(Object.keys(ops).sort()).toEqual(V1_ROUTES.map((r) => r.id).sort());
  });

  it('has no two routes that the router could confuse', () => {
    const seen = new Set<string>();
    for (const r of V1_ROUTES) {
      const shape = `${r.method} ${r.path.replace(/\{[^}]+\}/g, '{}')}`;
      expect(seen.has(shape)).toBe(false);
      seen.add(shape);
      expect(compileV1Path(r.path).regex.test(r.path.replace(/\{[^}]+\}/g, 'x1'))).toBe(true);
    }
  });
});

describe('the API error messages (shared/i18n/server/api-errors.json)', () => {
  it('are what the catalogues hold now (else run `npx tsx scripts/api-error-messages.ts`)', () => {
    expect(stored).toEqual(apiErrorMessages());
  });

  it('hold every v1 error in en, ja and ko', () => {
    for (const code of [
      'apiV1.errors.idempotencyMismatch',
      'apiV1.errors.idempotencyInFlight',
      'apiV1.errors.idempotencyKeyInvalid',
      'apiV1.errors.certificateNotReady',
      'errors.validation',
      'errors.routeNotFound',
      'errors.methodNotAllowed',
    ]) {
      for (const locale of ['en', 'ja', 'ko'] as const) expect(stored[locale]).toHaveProperty([code]);
    }
  });
});

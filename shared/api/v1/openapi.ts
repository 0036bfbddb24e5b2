// The OpenAPI 3.1 description of REST v1 (issue #31 item 2), generated from the route registry's zod
// schemas with zod 4's JSON Schema output (draft 2020-12, OpenAPI 3.1's own dialect). Served at
// GET /api/v1/openapi.json; test/unit/shared/api-v1-openapi.test.ts checks it lists exactly the
// registry's routes and is structurally valid.
import * as z from 'zod';
import { API_SCOPES } from '../../domain/api-keys';
import {
  IDEMPOTENCY_TTL_HOURS,
  V1_PREFIX,
  V1_TAGS,
  idempotencyKeySchema,
  v1ErrorSchema,
  type V1Route,
} from './registry';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** The error answers every operation may give, by status. */
export const V1_ERROR_RESPONSES = {
  '400': 'The request is invalid: a body, query or path value, or a header (details name each problem).',
  '401': 'No API key, or an unknown, revoked or malformed one.',
  '403': 'The key lacks the scope this operation needs, or the plan does not include it.',
  '404': "No such route, or no such document or template for this key's owner.",
  '405': 'The path exists but not with this method (Allow lists the methods it takes).',
  '409': 'The document is not in a state that allows this, or an Idempotency-Key request is still in flight.',
  '415': 'The body is not application/json.',
  '422': 'The Idempotency-Key was used with a different request.',
  '429': 'Too many requests for this key, or a send limit: wait Retry-After seconds.',
  '500': 'Something failed on our side; the requestId identifies it.',
  '503': 'A dependency did not answer: retry after Retry-After seconds.',
} as const;

const COMMON_ERRORS = ['400', '401', '403', '404', '429', '500', '503'] as const;
const WRITE_ERRORS = ['409', '415'] as const;

function parameters(route: V1Route): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const obj = jsonSchema(schema, 'input');
    const props = (obj.properties ?? {}) as Record<string, Json>;
    const required = new Set((obj.required ?? []) as string[]);
    for (const [name, s] of Object.entries(props)) {
      const { description, ...rest } = s;
      out.push({
        name,
        in: where,
        required: where === 'path' ? true : required.has(name),
        schema: rest,
        ...(typeof description === 'string' ? { description } : {}),
      });
    }
  }
  if (route.method === 'POST') out.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return out;
}

function operation(route: V1Route): Json {
  const errors = [
    ...COMMON_ERRORS,
    ...(route.body ? WRITE_ERRORS : []),
    ...(route.method === 'POST' ? (['422'] as const) : []),
  ].filter((s) => route.scope !== null || !['401', '403'].includes(s));
  const status = String(route.status ?? 200);
  return {
    operationId: route.id,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: route.scope ? [{ bearer: [route.scope] }] : [],
    'x-scopes': route.scope ? [route.scope] : [],
    parameters: parameters(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchema(route.body, 'input'),
                ...(route.example !== undefined ? { example: route.example } : {}),
              },
            },
          },
        }
      : {}),
    responses: {
      [status]: {
        description: 'Success',
        content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
      },
      ...Object.fromEntries(
        [...new Set(errors)].sort().map((s) => [s, { $ref: `#/components/responses/E${s}` }]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of `routes`. */
export function buildOpenApi(routes: readonly V1Route[], options: { version?: string } = {}): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SignSeal API',
      version: options.version ?? '1.0.0',
      description:
        'Create, send and track contracts from your own systems. Authenticate with an API key from My Info → API: `Authorization: Bearer ssk_…`. Every error has one shape, `{ "error": { "code", "message", "requestId", "details"? } }`; `code` is stable and `message` follows Accept-Language (en, ja, ko).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: V1_PREFIX }],
    tags: V1_TAGS.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ssk_{prefix}_{secret}',
          description: `An API key. Scopes: ${API_SCOPES.join(', ')}.`,
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: `Makes a POST safe to retry: the same key with the same request answers the first answer again for ${IDEMPOTENCY_TTL_HOURS} hours (per API key); with a different request, 422; while the first is still running, 409.`,
          schema: jsonSchema(idempotencyKeySchema, 'input'),
        },
      },
      schemas: { Error: jsonSchema(v1ErrorSchema, 'output') },
      responses: Object.fromEntries(
        Object.entries(V1_ERROR_RESPONSES).map(([status, description]) => [
          `E${status}`,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}

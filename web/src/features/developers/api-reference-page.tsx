// /{lang}/developers/api (issue #31 item 2): the REST v1 reference, rendered from the OpenAPI 3.1
// document the API serves (GET /api/v1/openapi.json, generated from the same zod schemas the handlers
// validate with), so the page can never describe another API than the one running. Grouped by tag;
// each operation shows method, path, scopes, parameters, body and response schemas, errors and its
// example. A lazy chunk of its own (no swagger-ui or redoc: a few KB instead of a megabyte).
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { useDocumentTitle } from '../../app/page-title';
import { apiRequest } from '../../lib/api-client';
import './api-reference.css';

type Json = Record<string, unknown>;

const openApiSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  tags: z.array(z.looseObject({ name: z.string() })).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({}).optional(),
});
type OpenApi = z.infer<typeof openApiSchema>;

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly op: Json;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const TAG_KEYS = ['documents', 'templates', 'meta'] as const;

function operationsByTag(doc: OpenApi): [string, Operation[]][] {
  const groups = new Map<string, Operation[]>();
  for (const t of doc.tags ?? []) groups.set(t.name, []);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const tag = ((op.tags as string[] | undefined) ?? ['other'])[0]!;
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op });
    }
  }
  return [...groups].filter(([, ops]) => ops.length > 0);
}

function resolve(doc: OpenApi, node: unknown): Json {
  const ref = (node as Json | undefined)?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return (node ?? {}) as Json;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Json)[k] : undefined), doc) as Json;
}

function typeLabel(s: Json): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  const alts = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alts) return alts.map(typeLabel).join(' | ');
  if (s.type === 'array') return `${typeLabel((s.items ?? {}) as Json)}[]`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (typeof s.type === 'string') return s.format ? `${s.type} (${String(s.format)})` : s.type;
  return 'any';
}

/** The properties of an object schema (also inside arrays and unions), for nested lists. */
function propertiesOf(s: Json): [Json, string[]] | null {
  if (s.type === 'array' && s.items) return propertiesOf(s.items as Json);
  const alts = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alts) {
    for (const a of alts) {
      const found = propertiesOf(a);
      if (found) return found;
    }
  }
  if (s.properties && typeof s.properties === 'object') {
    return [s.properties as Json, (s.required as string[] | undefined) ?? []];
  }
  return null;
}

function SchemaView({ schema, depth = 0 }: { schema: Json; depth?: number }) {
  const { t } = useTranslation();
  const props = propertiesOf(schema);
  if (!props) return <code className="api-type">{typeLabel(schema)}</code>;
  const [properties, required] = props;
  return (
    <ul className="api-schema">
      {Object.entries(properties).map(([name, raw]) => {
        const s = raw as Json;
        const nested = depth < 4 ? propertiesOf(s) : null;
        return (
          <li key={name}>
            <code className="api-prop">{name}</code> <code className="api-type">{typeLabel(s)}</code>{' '}
            <span className="api-required">
              {required.includes(name) ? t('apiV1.reference.required') : t('apiV1.reference.optional')}
            </span>
            {typeof s.description === 'string' ? <span className="api-desc"> — {s.description}</span> : null}
            {nested ? <SchemaView schema={s} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="api-section">
      <h4>{title}</h4>
      {children}
    </div>
  );
}

function OperationView({ doc, operation }: { doc: OpenApi; operation: Operation }) {
  const { t } = useTranslation();
  const { op, method, path } = operation;
  const id = String(op.operationId);
  const scopes = (op['x-scopes'] as string[] | undefined) ?? [];
  const params = ((op.parameters as Json[] | undefined) ?? []).map((p) => resolve(doc, p));
  const body = (op.requestBody as Json | undefined)?.content as Json | undefined;
  const bodyJson = body?.['application/json'] as Json | undefined;
  const responses = Object.entries((op.responses as Json | undefined) ?? {});
  const success = responses.filter(([s]) => s.startsWith('2'));
  const errors = responses.filter(([s]) => !s.startsWith('2'));
  const server = doc.servers?.[0]?.url ?? '';
  return (
    <article className="api-operation" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span>{' '}
        <code className="api-path">{`${server}${path}`}</code>
      </h3>
      <p className="api-summary">{String(op.summary ?? '')}</p>
      {typeof op.description === 'string' ? <p>{op.description}</p> : null}
      <p className="api-scopes">
        <strong>{t('apiV1.reference.scopes')}:</strong>{' '}
        {scopes.length > 0
          ? scopes.map((s) => (
              <code key={s} className="api-scope">
                {s}
              </code>
            ))
          : t('apiV1.reference.publicOperation')}
      </p>
      {params.length > 0 ? (
        <Section title={t('apiV1.reference.parameters')}>
          <ul className="api-schema">
            {params.map((p) => (
              <li key={`${String(p.in)}-${String(p.name)}`}>
                <code className="api-prop">{String(p.name)}</code>{' '}
                <span className="api-in">({String(p.in)})</span>{' '}
                <code className="api-type">{typeLabel((p.schema ?? {}) as Json)}</code>{' '}
                <span className="api-required">
                  {p.required ? t('apiV1.reference.required') : t('apiV1.reference.optional')}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {bodyJson ? (
        <Section title={t('apiV1.reference.requestBody')}>
          <SchemaView schema={(bodyJson.schema ?? {}) as Json} />
          {bodyJson.example !== undefined ? (
            <>
              <h5>{t('apiV1.reference.example')}</h5>
              <pre className="api-example" tabIndex={0}>
                {`curl -X ${method.toUpperCase()} "$SIGNSEAL_URL${server}${path}" \\\n  -H "Authorization: Bearer $SIGNSEAL_KEY" \\\n  -H "Content-Type: application/json" \\\n${method === 'post' ? '  -H "Idempotency-Key: $(uuidgen)" \\\n' : ''}  -d '${JSON.stringify(bodyJson.example, null, 2)}'`}
              </pre>
            </>
          ) : null}
        </Section>
      ) : null}
      {success.map(([status, res]) => {
        const content = (resolve(doc, res).content as Json | undefined)?.['application/json'] as
          Json | undefined;
        return (
          <Section key={status} title={t('apiV1.reference.response', { status })}>
            <details className="api-details">
              <summary>{typeLabel((content?.schema ?? {}) as Json)}</summary>
              <SchemaView schema={(content?.schema ?? {}) as Json} />
            </details>
          </Section>
        );
      })}
      {errors.length > 0 ? (
        <Section title={t('apiV1.reference.errorResponses')}>
          <ul className="api-errors">
            {errors.map(([status, res]) => (
              <li key={status}>
                <code>{status}</code> {String(resolve(doc, res).description ?? '')}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </article>
  );
}

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; doc: OpenApi };

export function ApiReferencePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('apiV1.reference.title'));
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiRequest({ path: '/v1/openapi.json', schema: openApiSchema, signal: controller.signal })
      .then((doc) => setState({ kind: 'ready', doc }))
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setState({ kind: 'failed' });
      });
    return () => controller.abort();
  }, []);

  const tagName = (tag: string) =>
    (TAG_KEYS as readonly string[]).includes(tag)
      ? t(`apiV1.reference.tag.${tag as (typeof TAG_KEYS)[number]}`)
      : tag;
  const groups = state.kind === 'ready' ? operationsByTag(state.doc) : [];

  return (
    <main className="public-page api-reference">
      <header className="page-hero">
        <h1>{t('apiV1.reference.title')}</h1>
        <p className="page-lead">{t('apiV1.reference.intro')}</p>
        <p>
          <a href="/api/v1/openapi.json">{t('apiV1.reference.openapi')}</a>
        </p>
      </header>
      <section aria-labelledby="api-auth">
        <h2 id="api-auth">{t('apiV1.reference.authTitle')}</h2>
        <p>{t('apiV1.reference.authText')}</p>
        <h2>{t('apiV1.reference.errorsTitle')}</h2>
        <p>{t('apiV1.reference.errorsText')}</p>
        <h2>{t('apiV1.reference.idempotencyTitle')}</h2>
        <p>{t('apiV1.reference.idempotencyText')}</p>
      </section>
      {state.kind === 'loading' ? (
        <p role="status">{t('apiV1.reference.loading')}</p>
      ) : state.kind === 'failed' ? (
        <p role="alert" className="notice error">
          {t('apiV1.reference.loadFailed')}
        </p>
      ) : (
        <>
          <nav aria-labelledby="api-contents" className="api-contents">
            <h2 id="api-contents">{t('apiV1.reference.contents')}</h2>
            {groups.map(([tag, ops]) => (
              <div key={tag}>
                <h3>{tagName(tag)}</h3>
                <ul>
                  {ops.map(({ method, path, op }) => (
                    <li key={String(op.operationId)}>
                      <a href={`#${String(op.operationId)}`}>
                        <span className="api-method-text">{method.toUpperCase()}</span> <code>{path}</code>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          {groups.map(([tag, ops]) => (
            <section key={tag} aria-labelledby={`api-tag-${tag}`} className="api-tag">
              <h2 id={`api-tag-${tag}`}>{tagName(tag)}</h2>
              {ops.map((o) => (
                <OperationView key={String(o.op.operationId)} doc={state.doc} operation={o} />
              ))}
            </section>
          ))}
        </>
      )}
    </main>
  );
}

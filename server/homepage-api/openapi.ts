/**
 * The OpenAPI document as integrators read it (decision 0134), written from what
 * @fastify/swagger generates and the operation table: declared tags, the answers' named
 * schemas in `components.schemas` (by the contract's titles) behind `$ref`, one-value enum
 * lists as one `enum`, every response described, and on every operation the answers the
 * API gives besides its own: 405 (with Allow), 503 (the database away, with Retry-After),
 * Retry-After on 429, and on a member's write Idempotent-Replayed on its 200 (decision 0141). Request bodies stay inline: some are built from the running
 * API's programme rules (a review's length), so the document says the rules in force.
 */
import { HOMEPAGE_PREFIX, operations, operationTags, type Operation } from '#shared/contract/operations.ts';
import { canonicalJson, takesIdempotencyKey } from './idempotency.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `anyOf: [{ type: string, enum: [a] }, { type: string, enum: [b] }]` (typebox's Union of Literals) → `{ type: string, enum: [a, b] }`. */
function enumOf(schema: JsonObject): JsonObject | undefined {
  const members = schema['anyOf'];
  if (!Array.isArray(members) || members.length === 0) return undefined;
  const values: Json[] = [];
  let type: Json | undefined;
  for (const m of members) {
    if (!isObject(m) || Object.keys(m).some((k) => k !== 'type' && k !== 'enum' && k !== 'const')) return undefined;
    const one = Array.isArray(m['enum']) && m['enum'].length === 1 ? m['enum'][0] : m['const'];
    if (one === undefined || (type !== undefined && m['type'] !== type)) return undefined;
    type = m['type'];
    values.push(one);
  }
  const { anyOf: _anyOf, ...rest } = schema;
  return { ...(type === undefined ? {} : { type }), ...rest, enum: values };
}

/** Every schema below a node, with enum lists merged (recursively, in place of the originals). */
function withEnums(node: Json): Json {
  if (Array.isArray(node)) return node.map(withEnums);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) out[k] = withEnums(v);
  return enumOf(out) ?? out;
}

/**
 * Moves each titled schema (the contract's named schemas: NoticeListAnswer, Notice, …) to
 * `components.schemas` and refers to it. A schema's own description of one use (the error
 * answer's meaning per status) stays beside the `$ref`; two different schemas of one title
 * keep the second inline.
 */
class Components {
  readonly schemas: Record<string, JsonObject> = {};
  readonly #keys = new Map<string, string>();

  hoist(node: Json, isSchema: boolean): Json {
    if (Array.isArray(node)) return node.map((v) => this.hoist(v, isSchema));
    if (!isObject(node)) return node;
    const title = node['title'];
    if (isSchema && typeof title === 'string') {
      const { description, ...named } = node;
      const body = this.#children(named);
      const key = canonicalJson(body);
      const known = this.#keys.get(title);
      if (known === undefined) {
        this.#keys.set(title, key);
        this.schemas[title] = body as JsonObject;
      }
      if (known === undefined || known === key) {
        const ref: JsonObject = { $ref: `#/components/schemas/${title}` };
        return description === undefined ? ref : { ...ref, description };
      }
      return this.#children(node);
    }
    return this.#children(node);
  }

  /** The node with its sub-schemas hoisted (`properties` holds names, not schemas). */
  #children(node: JsonObject): Json {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'properties' && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, this.hoist(s, true)]));
      else out[k] = this.hoist(v, true);
    }
    return out;
  }
}

const RETRY_AFTER: JsonObject = {
  description: '다시 해 볼 수 있을 때까지의 초',
  schema: { type: 'integer', minimum: 1 },
};
const REPLAYED: JsonObject = {
  description: 'Idempotency-Key의 반복 요청: 이 답은 그 키의 첫 답(상태와 본문 그대로)이며 이번에는 아무것도 기록하지 않았다. 첫 답에는 없다',
  schema: { type: 'string', enum: ['true'] },
};
const ALLOW: JsonObject = { description: '이 경로가 받는 메서드 목록(쉼표로 구분)', schema: { type: 'string' } };
const ERROR_REF: JsonObject = { $ref: '#/components/schemas/ErrorAnswer' };
const errorContent = (): JsonObject => ({ 'application/json': { schema: { ...ERROR_REF } } });

const ROWS = operations as Readonly<Record<string, Operation>>;

/** The served document: @fastify/swagger's, polished from the operation table. */
export function polishDocument<D extends object>(generated: D): D {
  const doc = withEnums(JSON.parse(JSON.stringify(generated)) as Json) as JsonObject;
  const components = new Components();
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const local = path.startsWith(HOMEPAGE_PREFIX) ? path.slice(HOMEPAGE_PREFIX.length) : path;
      const row = ROWS[`${method.toUpperCase()} ${local.replace(/\{([^}]+)\}/g, ':$1')}`];
      const responses = isObject(operation['responses']) ? operation['responses'] : {};
      for (const [status, response] of Object.entries(responses)) {
        if (!isObject(response)) continue;
        const content = response['content'];
        if (isObject(content)) response['content'] = components.hoist(content, false);
        if (response['description'] === 'Default Response') response['description'] = status === '200' ? '성공(result: "success")' : '오류';
        if (status === '429') response['headers'] = { 'Retry-After': RETRY_AFTER };
        if (status === '200' && row && takesIdempotencyKey(method.toUpperCase(), row)) response['headers'] = { 'Idempotent-Replayed': REPLAYED };
      }
      responses['405'] = { description: '이 경로가 받지 않는 메서드: Allow 헤더가 받는 메서드를 말한다', headers: { Allow: ALLOW }, content: errorContent() };
      responses['503'] = {
        description: '데이터베이스에 닿지 않음: 잠시 뒤 다시(Retry-After)',
        headers: { 'Retry-After': RETRY_AFTER },
        content: errorContent(),
      };
      if (row && typeof operation['description'] !== 'string' && typeof operation['summary'] === 'string') {
        operation['description'] = `${operation['summary']} (${row.access === 'portal' ? '포털 서버만 부름' : row.access === 'public' ? '누구나' : row.access === 'admin' ? '관리자' : '로그인한 회원'})`;
      }
    }
  }
  doc['tags'] = Object.entries(operationTags).map(([name, description]) => ({ name, description }));
  const existing = isObject(doc['components']) ? doc['components'] : {};
  doc['components'] = { ...existing, schemas: Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b))) };
  return doc as D;
}

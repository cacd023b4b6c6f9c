/**
 * A schema-driven fuzzer of the API (what Schemathesis does, from npm packages: PyPI is out of
 * reach here). Inputs come from the OpenAPI document: positive cases generated from the request
 * schemas by json-schema-faker, negative ones by breaking them (wrong types, missing required
 * fields, out-of-range numbers, huge and odd strings, unknown enum values, malformed JSON, a wrong
 * content type, a missing or bad api key). Every answer is checked: no 5xx, a documented status,
 * JSON where JSON is documented, and a body valid against the documented schema (ajv, JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { generateSync } from 'json-schema-faker';

type Json = Record<string, unknown>;
export type Schema = Json & { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; enum?: unknown[]; anyOf?: Schema[] };

export interface Operation {
  method: string;
  path: string;
  id: string;
  params: { name: string; in: 'query' | 'path'; required: boolean; schema: Schema }[];
  body: Schema | null;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

export interface Auth {
  /** A fresh visitor key of the fixture channel. */
  visitor(): Promise<string>;
  /** A fresh session key of the fixture channel's user. */
  user(): Promise<string>;
}

export interface Case {
  operation: Operation;
  kind: 'positive' | 'negative';
  label: string;
  path: string;
  query: Record<string, string | string[]>;
  /** Set: this api key (undefined: none) instead of a valid one. */
  key?: { value: unknown };
  /** A JSON value, or raw text sent as is (`raw`). */
  body?: unknown;
  raw?: { text: string; contentType: string };
}

export interface Failure {
  operation: string;
  label: string;
  request: string;
  status: number;
  problem: string;
}

/** mulberry32: a small seeded generator, so a failure replays with the same seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The operations of an OpenAPI 3.1 document, parameters and bodies inline (the document has no $ref). */
export function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const params = ((op.parameters as Json[] | undefined) ?? []).map((p) => ({
        name: String(p.name),
        in: p.in as 'query' | 'path',
        required: p.required === true,
        schema: p.schema as Schema,
      }));
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        id: `${method.toUpperCase()} ${path}`,
        params,
        body: content?.['application/json']?.schema ?? null,
        responses: op.responses as Operation['responses'],
      });
    }
  }
  return operations;
}

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '%00',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '\uD83D\uDE00\u202E\u0301',
  '\uD800',
  'null',
  '-1',
  '1e309',
  '0x10',
  'x'.repeat(5000),
];
const ODD_VALUES: unknown[] = [null, true, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, [], {}, [1, 'a'], { nested: { deep: [null] } }, 'x'.repeat(70_000)];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function typesOf(schema: Schema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  if (schema.enum) return [typeof schema.enum[0]];
  if (schema.const !== undefined) return [typeof schema.const];
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** A value that breaks `schema`: another type, out of range, too long, an unknown enum value, or an odd one. */
export function breakValue(schema: Schema, random: () => number): unknown {
  const types = typesOf(schema);
  const options: (() => unknown)[] = [() => pick(random, ODD_VALUES), () => pick(random, ODD_STRINGS)];
  if (schema.enum) options.push(() => `${String(schema.enum![0])}_unknown`);
  if (typeof schema.minimum === 'number') options.push(() => (schema.minimum as number) - 1);
  if (typeof schema.maximum === 'number') options.push(() => (schema.maximum as number) + 1);
  if (types.includes('integer')) options.push(() => 2.5, () => '12abc');
  if (typeof schema.maxLength === 'number') options.push(() => 'y'.repeat((schema.maxLength as number) + 1));
  if (typeof schema.minLength === 'number' && (schema.minLength as number) > 0) options.push(() => '');
  if (types.includes('string')) {
    const valid = String(generate(schema, Math.floor(random() * 1e9)) ?? '');
    // A valid value with a NUL or a stray control character inside: what a database refuses.
    options.push(() => 42, () => ({ a: 1 }), () => ['a'], () => `${valid}\u0000`, () => `\u0000${valid}`, () => `${valid}\u0001\u001b[0m`);
  }
  if (types.includes('number') || types.includes('integer')) options.push(() => 'NaN', () => 'Infinity', () => true);
  if (types.includes('boolean')) options.push(() => 'yes', () => 2);
  if (types.includes('object')) options.push(() => 'object', () => [{}]);
  return pick(random, options)();
}

export function generate(schema: Schema, seed: number): unknown {
  return generateSync(schema as never, { seed, optionalsProbability: 0.6, maxItems: 3, maxLength: 40 });
}

/** Query and path values are text; kept under 8,000 characters (a longer URL is refused by Node's HTTP parser, before the app). */
function queryText(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  return text.slice(0, 8000);
}

function encodeSegment(value: string): string {
  // An empty segment would reach another route (/api/pages/ is /api/pages): send a blank instead.
  if (value === '') return '%20';
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as bytes
  }
}

/** Known values per parameter, so positive cases reach existing rows as well as missing ones. */
export type Pools = (operation: Operation, name: string) => readonly unknown[] | undefined;

function positiveValues(operation: Operation, seed: number, random: () => number, pools: Pools) {
  const path: Record<string, string> = {};
  const query: Record<string, string | string[]> = {};
  for (const param of operation.params) {
    if (param.name === 'api_key') continue;
    if (!param.required && random() < 0.5) continue;
    const pool = pools(operation, param.name);
    const value = pool && pool.length > 0 && random() < 0.7 ? pick(random, pool) : generate(param.schema, seed + hashString(param.name));
    (param.in === 'path' ? path : query)[param.name] = queryText(value);
  }
  let body: Json | undefined;
  if (operation.body) {
    const generated = generate(operation.body, seed + 7);
    body = generated !== null && typeof generated === 'object' && !Array.isArray(generated) ? { ...(generated as Json) } : {};
    for (const [name] of Object.entries(operation.body.properties ?? {})) {
      const pool = pools(operation, name);
      if (pool && pool.length > 0 && (name in body || (operation.body.required ?? []).includes(name)) && random() < 0.7) body[name] = pick(random, pool);
    }
    delete body.api_key;
  }
  return { path, query, body };
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeSegment(values[name] ?? '1'));
}

export function positiveCase(operation: Operation, seed: number, pools: Pools): Case {
  const random = seeded(seed);
  const { path, query, body } = positiveValues(operation, seed, random, pools);
  return { operation, kind: 'positive', label: 'valid input', path: fillPath(operation.path, path), query, body };
}

/** One broken thing per case, chosen by the seed among what the operation takes. */
export function negativeCase(operation: Operation, seed: number, pools: Pools): Case {
  const random = seeded(seed);
  const { path, query, body } = positiveValues(operation, seed, random, pools);
  const make = (label: string, extra: Partial<Case> = {}): Case => ({ operation, kind: 'negative', label, path: fillPath(operation.path, path), query, body, ...extra });
  const mutations: (() => Case)[] = [];
  for (const param of operation.params.filter((p) => p.name !== 'api_key')) {
    mutations.push(() => {
      const value = breakValue(param.schema, random);
      (param.in === 'path' ? path : query)[param.name] = queryText(value);
      return make(`${param.in} ${param.name} = ${queryText(value).slice(0, 40)}`);
    });
    if (param.in === 'query') mutations.push(() => make(`query ${param.name} given twice`, { query: { ...query, [param.name]: [queryText(query[param.name] ?? 'a'), 'b'] } }));
  }
  if (operation.body && body) {
    const properties = Object.entries(operation.body.properties ?? {}).filter(([name]) => name !== 'api_key');
    for (const [name, schema] of properties) {
      mutations.push(() => {
        const value = breakValue(schema, random);
        return make(`body ${name} = ${JSON.stringify(value)?.slice(0, 40)}`, { body: { ...body, [name]: value } });
      });
    }
    for (const name of (operation.body.required ?? []).filter((n) => n !== 'api_key')) {
      mutations.push(() => {
        const copy = { ...body };
        delete copy[name];
        return make(`body without ${name}`, { body: copy });
      });
    }
    mutations.push(
      () => make('malformed JSON', { raw: { text: '{"api_key": "', contentType: 'application/json' } }),
      () => make('body not JSON (text/plain)', { raw: { text: 'api_key=x', contentType: 'text/plain' } }),
      () => make('body a JSON array', { body: [body] }),
      () => make('prototype pollution', { raw: { text: '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}', contentType: 'application/json' } }),
      () => make('body of another content type', { raw: { text: 'api_key=x&a=1', contentType: pick(random, ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml']) } }),
      () => make('empty JSON body', { raw: { text: '', contentType: 'application/json' } }),
      () => make('deeply nested JSON', { raw: { text: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' } }),
      () => make('numbers beyond double precision', { raw: { text: `{"api_key": 1e400, ${Object.keys(body).map((k) => `${JSON.stringify(k)}: -1e400`).join(', ')}}`.replace(', }', '}'), contentType: 'application/json' } }),
      () => make('body JSON null', { raw: { text: 'null', contentType: 'application/json' } }),
      () => make('body over 64 KB', { body: { ...body, padding: 'p'.repeat(70_000) } }),
      () => make('unknown body fields', { body: { ...body, extra: pick(random, ODD_VALUES), other: pick(random, ODD_STRINGS) } }),
    );
  }
  mutations.push(() => make(`query extra = ${pick(random, ODD_STRINGS).slice(0, 20)}`, { query: { ...query, extra: pick(random, ODD_STRINGS) } }));
  return pick(random, mutations)();
}

/** The same valid input with a missing or bad key: the key-invalid 403 (spec §8). */
export function keyCases(operation: Operation, seed: number, pools: Pools): Case[] {
  const base = positiveCase(operation, seed, pools);
  const bad: [string, unknown][] = [
    ['no api key', undefined],
    ['malformed api key', "' OR 1=1 --"],
    ['unknown api key', 'a'.repeat(64)],
    ['api key of another type', { $ne: null }],
  ];
  return bad.map(([label, value]) => ({ ...base, kind: 'negative', label, key: { value } }));
}

export interface Checker {
  check(c: Case, status: number, contentType: string | null, text: string): string | null;
}

/** `components`: the document's named schemas, which response schemas reference (`#/components/schemas/…`). */
/** JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with the standard formats (date, date-time, email…). */
export function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
}

export function responseChecker(components: unknown): Checker {
  const ajv = newAjv();
  const compiled = new Map<object, ValidateFunction>();
  const validator = (schema: Schema) => {
    let fn = compiled.get(schema);
    if (!fn) {
      fn = ajv.compile({ ...schema, components });
      compiled.set(schema, fn);
    }
    return fn;
  };
  return {
    check(c, status, contentType, text) {
      if (status >= 500) return `server error ${status}: ${text.slice(0, 300)}`;
      const documented = c.operation.responses[String(status)] ?? c.operation.responses.default;
      if (!documented) return `status ${status} is not documented (${Object.keys(c.operation.responses).join(', ')}): ${text.slice(0, 200)}`;
      const json = documented.content?.['application/json'];
      if (!json) return null;
      if (!contentType?.startsWith('application/json')) return `content type ${contentType} where JSON is documented`;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `the body is not JSON: ${text.slice(0, 200)}`;
      }
      const validate = validator(json.schema);
      if (!validate(body)) return `the body does not match the ${status} schema: ${ajv.errorsText(validate.errors)}; body ${text.slice(0, 300)}`;
      return null;
    },
  };
}

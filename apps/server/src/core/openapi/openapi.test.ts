import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { newAjv, operationsOf, type Schema } from '../../../test/support/fuzz.ts';

// The API document (GET /api/openapi.json) is generated from the routes' zod schemas; these tests
// hold it to the OpenAPI 3.1 specification and to how the API really takes its key.
let t: TestApp;
let document: Record<string, unknown>;
beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});
afterAll(async () => t.close());

describe('the API document', () => {
  it('is served without an api key and is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has schemas that compile as JSON Schema 2020-12 and references that all resolve', () => {
    const ajv = newAjv();
    const components = document.components as { schemas: Record<string, unknown> };
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const name = /#\/components\/schemas\/([^"]+)"/.exec(ref)?.[1];
      expect(name && components.schemas[name], ref).toBeTruthy();
    }
    for (const operation of operationsOf(document)) {
      const schemas: Schema[] = [...operation.params.map((p) => p.schema), ...(operation.body ? [operation.body] : [])];
      for (const response of Object.values(operation.responses)) if (response.content?.['application/json']) schemas.push(response.content['application/json'].schema);
      for (const schema of schemas) expect(() => ajv.compile({ ...schema, components }), operation.id).not.toThrow();
    }
  });

  it('describes the api key where the API reads it: the query for GET and DELETE, the JSON body otherwise (spec §7)', () => {
    const operations = operationsOf(document);
    const keyless = new Set(['GET /channel-key.json', 'POST /api/get_api_key', 'GET /api/auth/login/{provider}/callback']);
    for (const operation of operations) {
      const inQuery = operation.params.find((p) => p.name === 'api_key');
      const inBody = operation.body?.properties?.api_key;
      if (keyless.has(operation.id) || operation.id.includes(' /api/console/')) {
        expect(inQuery ?? inBody, operation.id).toBeUndefined();
        continue;
      }
      if (operation.method === 'GET' || operation.method === 'DELETE') {
        expect(inQuery, operation.id).toMatchObject({ in: 'query', required: true });
      } else {
        expect(inBody, operation.id).toBeDefined();
        expect(operation.body?.required, operation.id).toContain('api_key');
      }
      // spec §8: a missing or bad key answers the key-invalid 403 the client recovers from.
      expect(operation.responses['403'], operation.id).toBeDefined();
    }
    // The control room's calls alone have credentials of another kind: an operator's session or an integration token.
    expect(Object.keys((document.components as { securitySchemes: object }).securitySchemes).sort()).toEqual(['consoleSession', 'consoleToken']);
  });

  it('describes the control room’s credentials on its guarded calls, and no api key there', () => {
    const consoleOps = operationsOf(document).filter((operation) => operation.id.includes(' /api/console/'));
    expect(consoleOps.map((o) => o.id)).toEqual(expect.arrayContaining(['POST /api/console/session', 'GET /api/console/session', 'POST /api/console/tokens', 'GET /api/console/audit']));
    const paths = document.paths as Record<string, Record<string, { security?: unknown }>>;
    expect(paths['/api/console/tokens']!.post!.security).toEqual([{ consoleSession: [] }, { consoleToken: [] }]);
    expect(paths['/api/console/session']!.post!.security).toBeUndefined();
    for (const operation of consoleOps) {
      if (paths[operation.path]?.[operation.method.toLowerCase()]?.security) expect(operation.responses['401'], operation.id).toBeDefined();
    }
  });

  it('documents every operation with a success and its errors as ApiErrorBody', () => {
    for (const operation of operationsOf(document)) {
      const statuses = Object.keys(operation.responses);
      expect(statuses.some((s) => /^[23]/.test(s)), operation.id).toBe(true);
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        const schema = operation.responses[status]!.content?.['application/json']?.schema;
        expect(schema?.properties, `${operation.id} ${status}`).toHaveProperty('message');
        expect(schema?.required, `${operation.id} ${status}`).toEqual(['message']);
      }
      if (operation.body) expect(statuses, operation.id).toEqual(expect.arrayContaining(['400', '413', '415']));
    }
  });

  it('documents the account, checkout and catalog routes, and leaves out what is not the JSON API', () => {
    const ids = operationsOf(document).map((o) => o.id);
    for (const id of [
      'POST /api/get_api_key',
      'GET /api/events',
      'GET /api/events/{id}',
      'POST /api/v2/auth/register',
      'POST /api/v2/auth/login',
      'GET /api/profile',
      'POST /api/{provider}/buy',
      'GET /api/orders',
      'POST /api/custom-forms/{alias}',
    ]) {
      expect(ids).toContain(id);
    }
    // Raw-body webhooks, HTML pages, media files and the site are not calls of the JSON API.
    expect(ids.filter((id) => /webhook|\/sandbox\/authenticate|\/sandbox\/portal|\/media\/|outbox|\/\*|openapi\.json/.test(id))).toEqual([]);
  });
});

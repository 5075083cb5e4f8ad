import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads (what @fastify/swagger builds from zod). */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
};
type Parameter = { in: string; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** '/api/projects/{id}' as the document names it. */
  path: string;
  pathParams: string[];
  query: Parameter[];
  /** The JSON body schema, or 'multipart' for an upload, or null when the route takes none. */
  body: JsonSchema | 'multipart' | null;
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every operation of the document, in a stable order. */
export function routesOf(doc: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method.toLowerCase()];
      if (!op) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      routes.push({
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query'),
        body: 'multipart/form-data' in content ? 'multipart' : (json ?? null),
      });
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** Ids a caller could send: their own records, another tenant's, and ones nobody has. */
export type IdPool = { own: string[]; foreign: string[] };

/**
 * Values no schema should let through to the database, whatever the field, weighted towards the
 * classes that reached PostgreSQL before issue 11: NUL bytes, integers past int4, impossible dates.
 */
const hostile = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('\u0000', 'name\u0000', '\u0000\u0000', 'a\u0007b\u001bc') },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        2_147_483_648,
        -2_147_483_649,
        Number.MAX_SAFE_INTEGER + 1,
        1e308,
        '2147483648',
        '-2147483649',
        '1e20',
        '1e400',
        -1,
        0,
        1.5,
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom('2027-02-30', '2026-13-01', '0000-00-00', '0000-01-01', '2026-02-29'),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom<unknown>(
        '\ud800',
        'NaN',
        'Infinity',
        '',
        ' ',
        null,
        true,
        [],
        {},
        ['\u0000'],
        { $ne: null },
        'x'.repeat(20_000),
        "' or 1=1 --",
        '../../etc/passwd',
      ),
    },
  );

const uuid = (ids: IdPool) =>
  fc.oneof(
    fc.constantFrom(...ids.own, ...ids.foreign),
    fc.uuid(),
    fc.constantFrom('00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF'),
  );

const calendarDate = fc
  .date({ min: new Date('2027-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A value shaped like the schema asks (most of the time), so requests get past the first check. */
function validLooking(schema: JsonSchema, ids: IdPool, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => validLooking(s, ids, depth)));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }).map(String));
    case 'number':
      return fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.integer({ min: 0, max: 100 }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 2
        ? fc.constant([])
        : fc.array(validLooking(schema.items ?? {}, ids, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 2 ? fc.constant({}) : objectOf(schema, ids, depth + 1);
    default:
      if (schema.format === 'uuid') return uuid(ids);
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern?.includes('\\d{4}')) return calendarDate;
      return fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('Acme', 'secret-1', 'ABC123'));
  }
}

/** A value that is wrong for any field: hostile, or of another field's kind. */
const wrongValue = (ids: IdPool): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: hostile() }, uuid(ids), calendarDate);

/**
 * An object with every required field and some optional ones, each valid-looking; then, most of
 * the time, exactly one field swapped for a wrong value, so the request gets past the other
 * checks and the wrong value is what the server must refuse.
 */
function objectOf(schema: JsonSchema, ids: IdPool, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), hostile(), { maxKeys: 2 });
  const required = new Set(schema.required ?? []);
  const fields = Object.fromEntries(props.map(([name, s]) => [name, validLooking(s, ids, depth)]));
  const valid = fc.record(fields, {
    requiredKeys: props.map(([name]) => name).filter((name) => required.has(name)),
  }) as fc.Arbitrary<Record<string, unknown>>;
  const names = props.map(([name]) => name);
  return fc
    .tuple(valid, fc.option(fc.tuple(fc.constantFrom(...names), wrongValue(ids)), { freq: 4 }))
    .map(([object, swap]) => (swap === null ? object : { ...object, [swap[0]]: swap[1] }));
}

/** What one generated request carries before a caller and a URL are put on it. */
export type GeneratedRequest = {
  route: Route;
  pathValues: Record<string, string>;
  query: Record<string, string>;
  /** A JSON body, the raw text of a body that is not JSON, or a multipart case. */
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string }
    | { kind: 'multipart'; variant: 'no-boundary' | 'cut-short' | 'wrong-type' | 'empty' | 'logo' };
};

const pathValue = (ids: IdPool) =>
  fc.oneof(
    { weight: 6, arbitrary: uuid(ids) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '1',
        '2',
        '2147483647',
        '2147483648',
        '99999999999999999999',
        '-1',
        '0',
        'abc',
        '%00',
        'a%00b',
        '1e3',
        'null',
      ),
    },
  );

const queryValue = (param: Parameter, ids: IdPool) =>
  fc
    .oneof({ weight: 3, arbitrary: validLooking(param.schema ?? {}, ids, 0) }, wrongValue(ids))
    .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));

/** The arbitrary of one request to `route`: path ids, query and body, valid-looking and hostile. */
export function requestTo(route: Route, ids: IdPool): fc.Arbitrary<GeneratedRequest> {
  const pathValues = fc.record(Object.fromEntries(route.pathParams.map((name) => [name, pathValue(ids)])));
  const query = fc.record(Object.fromEntries(route.query.map((p) => [p.name, queryValue(p, ids)])), {
    requiredKeys: [],
  }) as fc.Arbitrary<Record<string, string>>;
  const body: fc.Arbitrary<GeneratedRequest['body']> =
    route.body === 'multipart'
      ? fc
          .constantFrom('no-boundary', 'cut-short', 'wrong-type', 'empty', 'logo' as const)
          .map((variant) => ({ kind: 'multipart' as const, variant }))
      : route.body === null
        ? fc.constant({ kind: 'none' as const })
        : fc.oneof(
            {
              weight: 8,
              arbitrary: objectOf(route.body, ids, 0).map((value) => ({ kind: 'json' as const, value })),
            },
            { weight: 1, arbitrary: hostile().map((value) => ({ kind: 'json' as const, value })) },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom('{"a":', '\u0000', '{"name":"\\u0000"}', 'null', '[1,2', '{"x":1e999}')
                .map((text) => ({ kind: 'raw' as const, text })),
            },
          );
  return fc.record({ route: fc.constant(route), pathValues, query, body }) as fc.Arbitrary<GeneratedRequest>;
}

/** The URL of a generated request: path values and query percent-encoded. */
export function urlOf(request: GeneratedRequest): string {
  const path = request.route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    // A value that is already percent-encoded ('%00') is sent as is, so the server decodes the NUL.
    (request.pathValues[name] ?? '').includes('%')
      ? (request.pathValues[name] ?? '')
      : encodeURIComponent(request.pathValues[name] ?? ''),
  );
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

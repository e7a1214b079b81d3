/**
 * GitHub's published OpenAPI description of its REST API (@octokit/openapi, api.github.com), as a check
 * of what the loopback GitHub (fake-github.ts) receives and answers: the operation a request is, its
 * path and query parameters, its JSON body (no field the operation does not take, each of its type),
 * and the response's body against the schema of its status. Loaded once per process (13 MB of JSON);
 * each operation's schemas are compiled the first time it is used.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: Schema;
}
interface OperationObject {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema; examples?: Record<string, unknown> }> } | { $ref: string }>;
}
interface Spec {
  info: { version: string };
  paths: Record<string, Record<string, OperationObject>>;
  components: Record<string, Record<string, unknown>>;
}

/** One operation of the description, matched to a request. */
export interface MatchedOperation {
  id: string;
  method: string;
  template: string;
  pathParams: Record<string, string>;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  /** literal segments: the most specific template wins ("issues/comments" over "issues/{issue_number}") */
  literals: number;
  operation: OperationObject;
}

const SPEC_ID = "https://api.github.com/openapi.json";

class OpenApi {
  readonly version: string;
  private readonly spec: Spec;
  private readonly routes: Route[];
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    const file = createRequire(import.meta.url).resolve("@octokit/openapi/generated/api.github.com.json");
    this.spec = JSON.parse(readFileSync(file, "utf8")) as Spec;
    this.version = this.spec.info.version;
    this.routes = Object.entries(this.spec.paths).flatMap(([template, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ["get", "post", "put", "patch", "delete", "head"].includes(method))
        .map(([method, operation]) => {
          const names: string[] = [];
          const source = template
            .split(/(\{[^}]+\})/)
            .map((part) => {
              const name = /^\{([^}]+)\}$/.exec(part)?.[1];
              if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
              names.push(name);
              return "([^/]+)";
            })
            .join("");
          const literals = template.split("/").filter((s) => s && !s.startsWith("{")).length;
          return { method: method.toUpperCase(), template, pattern: new RegExp(`^${source}$`), names, literals, operation };
        }),
    );
    // GitHub's schemas are OpenAPI 3.0 (nullable, x-* keywords, formats of its own): not strict JSON Schema
    this.ajv = new Ajv({ strict: false, allErrors: true, logger: false });
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: SPEC_ID, components: withNullAllowed(this.spec.components) });
  }

  /** The operation `method pathname` (as sent: segments still percent-encoded) is, or null. */
  match(method: string, pathname: string): MatchedOperation | null {
    const route = this.routes
      .filter((r) => r.method === method && r.pattern.test(pathname))
      .sort((a, b) => b.literals - a.literals)[0];
    if (!route) return null;
    const values = route.pattern.exec(pathname)!.slice(1);
    const pathParams = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(values[i]!)]));
    return { id: route.operation.operationId, method, template: route.template, pathParams };
  }

  /** What is wrong with a request for `op`: its path and query parameters and its JSON body. */
  requestViolations(op: MatchedOperation, query: URLSearchParams, body: Buffer): string[] {
    const operation = this.operation(op);
    const parameters = (operation.parameters ?? []).map((p) => this.resolve<Parameter>(p));
    const violations: string[] = [];
    for (const p of parameters.filter((p) => p.in === "path")) {
      violations.push(...this.check(`${op.id}#param:${p.name}`, p.schema, coerce(op.pathParams[p.name]!, p.schema), `path parameter ${p.name}`));
    }
    const queryParams = parameters.filter((p) => p.in === "query");
    for (const name of new Set(query.keys())) {
      const p = queryParams.find((q) => q.name === name);
      if (!p) violations.push(`query parameter ${name}: not a parameter of ${op.id}`);
      else violations.push(...this.check(`${op.id}#param:${name}`, p.schema, coerce(query.get(name)!, p.schema), `query parameter ${name}`));
    }
    for (const p of queryParams.filter((q) => q.required && !query.has(q.name))) violations.push(`query parameter ${p.name}: missing`);

    const schema = operation.requestBody?.content["application/json"]?.schema;
    if (body.length === 0) {
      if (operation.requestBody?.required) violations.push("body: missing");
      return violations;
    }
    if (!schema) return [...violations, `body: ${op.id} takes none`];
    let json: unknown;
    try {
      json = JSON.parse(body.toString("utf8"));
    } catch {
      return [...violations, "body: not JSON"];
    }
    // GitHub ignores a field it does not know: a misspelt one would be lost without a word
    const properties = (schema as { properties?: Schema }).properties;
    if (properties && json && typeof json === "object" && !Array.isArray(json)) {
      for (const field of Object.keys(json)) if (!(field in properties)) violations.push(`body.${field}: not a field of ${op.id}`);
    }
    return [...violations, ...this.check(`${op.id}#request`, schema, json, "body")];
  }

  /** What is wrong with a response to `op`: its status is one the operation has, and its JSON body matches that status's schema. */
  responseViolations(op: MatchedOperation, status: number, body: unknown): string[] {
    const responses = this.operation(op).responses;
    const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
    if (!documented) return status < 400 ? [`status ${status}: not a response of ${op.id} (${Object.keys(responses).join(", ")})`] : [];
    const schema = this.resolve<{ content?: Record<string, { schema?: Schema }> }>(documented).content?.["application/json"]?.schema;
    return schema ? this.check(`${op.id}#${status}`, schema, body, `response ${status}`) : [];
  }

  /**
   * `ours` with the fields GitHub always sends (its schema's `required`) that it lacks, taken from the
   * description's example response for `op` and `status`: the stand-in models ids, state, dates, users
   * and shas, and GitHub's example fills the many URLs and counters its schemas require. Optional fields
   * of the example are left out: their presence means something (an issue's `pull_request`).
   */
  completeResponse(op: MatchedOperation, status: number, ours: unknown): unknown {
    const documented = this.operation(op).responses[String(status)];
    if (!documented) return ours;
    const content = this.resolve(documented).content?.["application/json"];
    const first = Object.values(content?.examples ?? {})[0] as { value: unknown } | { $ref: string } | undefined;
    if (!content?.schema || !first) return ours;
    // an example is inline, a $ref to one, or inline with its value a $ref to one
    const { value } = this.resolve(first);
    const example = isPlainObject(value) && typeof value.$ref === "string" ? this.resolve<{ value: unknown }>({ $ref: value.$ref }).value : value;
    return this.complete(content.schema, example, ours);
  }

  private complete(schema: Schema, example: unknown, ours: unknown): unknown {
    const s = this.flatten(schema, ours);
    if (Array.isArray(ours)) {
      const items = s.items as Schema | undefined;
      return items && Array.isArray(example) && example.length > 0 ? ours.map((item) => this.complete(items, example[0], item)) : ours;
    }
    if (!isPlainObject(ours) || !isPlainObject(example)) return ours;
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    const completed: Record<string, unknown> = {};
    for (const key of (s.required ?? []) as string[]) if (!(key in ours) && key in example) completed[key] = example[key];
    for (const [key, value] of Object.entries(ours)) completed[key] = properties[key] ? this.complete(properties[key], example[key], value) : value;
    return completed;
  }

  /**
   * A schema's own properties and required fields for `value`: $ref followed, allOf merged, of anyOf or
   * oneOf the branch of the value's kind (array or object) that names most of its fields.
   */
  private flatten(schema: Schema, value: unknown): Schema {
    const s = this.resolve<Schema>(schema);
    const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (branches) {
      const fit = (b: Schema) => (Array.isArray(value) ? (b.type === "array" ? 1 : -1) : isPlainObject(value) ? Object.keys(value).filter((k) => k in ((b.properties ?? {}) as object)).length : 0);
      const flat = branches.map((b) => this.flatten(b, value));
      return flat.reduce((best, b) => (fit(b) > fit(best) ? b : best));
    }
    const parts = s.allOf as Schema[] | undefined;
    if (!parts) return s;
    const flat = parts.map((p) => this.flatten(p, value));
    return {
      ...Object.assign({}, ...flat),
      properties: Object.assign({}, ...flat.map((f) => f.properties ?? {})),
      required: flat.flatMap((f) => (f.required ?? []) as string[]),
    };
  }

  private operation(op: MatchedOperation): OperationObject {
    return this.spec.paths[op.template]![op.method.toLowerCase()]!;
  }

  /** A `$ref` of the components, followed; anything else as it is. */
  private resolve<T>(item: T | { $ref: string }): T {
    const ref = (item as { $ref?: string }).$ref;
    if (!ref) return item as T;
    const [section, name] = ref.split("/").slice(2);
    return this.resolve(this.spec.components[section!]![name!] as T);
  }

  private check(key: string, schema: Schema, value: unknown, what: string): string[] {
    let validate = this.compiled.get(key);
    if (!validate) {
      // the operation's own schema refers into the components, which are compiled under SPEC_ID
      validate = this.ajv.compile(withNullAllowed(JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', `"$ref":"${SPEC_ID}#/components/`)) as Schema));
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 5).map((e) => `${what}${e.instancePath.replaceAll("/", ".")}: ${e.message ?? e.keyword}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);
  }
}

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema: null added to the type (and to an enum), or, where
 * the schema has no type of its own (a $ref, allOf, anyOf), an anyOf of it and null.
 */
function withNullAllowed<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withNullAllowed) as T;
  if (!node || typeof node !== "object") return node;
  const { nullable, ...rest } = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withNullAllowed(v)])) as Schema;
  if (nullable !== true) return rest as T;
  if (typeof rest.type === "string") {
    return { ...rest, type: [rest.type, "null"], ...(Array.isArray(rest.enum) ? { enum: [...rest.enum, null] } : {}) } as T;
  }
  return { anyOf: [rest, { type: "null" }] } as T;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A parameter's text as the type its schema asks for, so that the schema can judge it. */
function coerce(text: string, schema: Schema): unknown {
  const type = schema.type;
  if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
  if (type === "array") return text.split(",");
  return text;
}

let loaded: OpenApi | null = null;

/** The description, loaded on first use. */
export function githubOpenApi(): OpenApi {
  loaded ??= new OpenApi();
  return loaded;
}

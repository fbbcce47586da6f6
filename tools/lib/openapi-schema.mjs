// The subset of OpenAPI 3.1 schemas that Quarry's document uses (type arrays with "null", anyOf, if/then/else),
// read the way a client would:
// `validate` says why a value does not match, `validValue` builds one that does.
import { randomBytes } from 'node:crypto';

const FORMATS = {
  uri: (v) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(v) && URL.canParse(v),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  'date-time': (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(v) &&
    !Number.isNaN(Date.parse(v)),
  binary: () => true,
};

/** The types a schema names: 3.1's `type` may be an array such as `["string", "null"]`. */
const typesOf = (s) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
/** The type a value of the schema has when it is not null. */
const mainType = (s) => typesOf(s).find((type) => type !== 'null');

const typeOf = (value) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value;

export class OpenApiSchemas {
  constructor(document) {
    this.document = document;
  }

  /** The schema a `$ref` points at, or the schema itself. */
  resolve(schema) {
    if (!schema?.$ref) return schema;
    return this.resolve(
      schema.$ref
        .split('/')
        .slice(1)
        .reduce((node, key) => node[key], this.document),
    );
  }

  /** Every reason `value` does not match `schema` (empty when it does). */
  validate(schema, value, path = '$') {
    const s = this.resolve(schema);
    if (!s) return [];
    const errors = [];
    for (const part of s.allOf ?? []) errors.push(...this.validate(part, value, path));
    if (s.anyOf) {
      const branches = s.anyOf.map((part) => this.validate(part, value, path));
      if (!branches.some((branch) => branch.length === 0)) errors.push(...branches[0]);
    }
    const branch = this.conditionalBranch(s, value);
    if (branch) errors.push(...this.validate(branch, value, path));
    const types = typesOf(s);
    if (value === null)
      return types.length === 0 || types.includes('null')
        ? errors
        : [...errors, `${path}: null is not allowed`];
    const actual = typeOf(value);
    const fits =
      types.length === 0 || types.includes(actual) || (types.includes('number') && actual === 'integer');
    if (!fits) return [...errors, `${path}: ${actual} is not ${types.join(' or ')}`];
    if (s.enum && !s.enum.includes(value))
      errors.push(`${path}: ${JSON.stringify(value)} is not one of the enum`);
    if (typeof value === 'string') {
      if (s.minLength !== undefined && value.length < s.minLength)
        errors.push(`${path}: shorter than ${s.minLength}`);
      if (s.maxLength !== undefined && value.length > s.maxLength)
        errors.push(`${path}: longer than ${s.maxLength}`);
      if (s.pattern && !new RegExp(s.pattern, 'u').test(value))
        errors.push(`${path}: does not match the pattern`);
      if (s.format && FORMATS[s.format] && !FORMATS[s.format](value))
        errors.push(`${path}: not a ${s.format}`);
    }
    if (typeof value === 'number') {
      if (s.minimum !== undefined && value < s.minimum) errors.push(`${path}: below ${s.minimum}`);
      if (s.maximum !== undefined && value > s.maximum) errors.push(`${path}: above ${s.maximum}`);
    }
    if (actual === 'array' && s.items)
      value.forEach((item, i) => errors.push(...this.validate(s.items, item, `${path}[${i}]`)));
    if (actual === 'object') errors.push(...this.validateObject(s, value, path));
    return errors;
  }

  validateObject(s, value, path) {
    const errors = [];
    const keys = Object.keys(value);
    if (s.minProperties !== undefined && keys.length < s.minProperties)
      errors.push(`${path}: fewer than ${s.minProperties} properties`);
    for (const key of s.required ?? [])
      if (!Object.hasOwn(value, key)) errors.push(`${path}.${key}: missing`);
    for (const key of keys) {
      const property = s.properties && Object.hasOwn(s.properties, key) ? s.properties[key] : undefined;
      if (property) errors.push(...this.validate(property, value[key], `${path}.${key}`));
      else if (s.additionalProperties === false) errors.push(`${path}.${key}: not allowed`);
      else if (typeof s.additionalProperties === 'object')
        errors.push(...this.validate(s.additionalProperties, value[key], `${path}.${key}`));
    }
    return errors;
  }

  /** The `then` or `else` of an `if` that applies to `value`, if any. */
  conditionalBranch(s, value) {
    if (!s.if) return undefined;
    return this.validate(s.if, value).length === 0 ? s.then : s.else;
  }

  /**
   * Makes an object `value` follow the `if`/`then`/`else` rules among `parts`: a property the
   * applying branch allows only as null is left out, one it requires is added.
   */
  conform(parts, value, properties, options) {
    for (const part of parts) {
      let branch = this.conditionalBranch(this.resolve(part), value);
      while (branch) {
        for (const [key, rule] of Object.entries(branch.properties ?? {}))
          if (typesOf(rule).join() === 'null') delete value[key];
        for (const key of branch.required ?? [])
          if (!Object.hasOwn(value, key))
            value[key] = this.validValue(properties[key], { ...options, name: key });
        branch = this.conditionalBranch(branch, value);
      }
    }
    return value;
  }

  /**
   * A value that matches `schema`: the default or first enum value where there is one, URLs from
   * `urlFor(name)`, required properties only unless `full`.
   */
  validValue(schema, { name = '', full = false, urlFor, uuid }) {
    const s = this.resolve(schema);
    if (s.allOf) {
      const inner = this.resolve(s.allOf[0]);
      const value = this.validValue(inner, { name, full, urlFor, uuid });
      const missing = Object.keys(inner.properties ?? {}).filter((key) => !Object.hasOwn(value, key));
      for (const key of missing.slice(0, Math.max(0, (s.minProperties ?? 0) - Object.keys(value).length)))
        value[key] = this.validValue(inner.properties[key], { name: key, full, urlFor, uuid });
      return this.conform(s.allOf.slice(1), value, inner.properties ?? {}, { full, urlFor, uuid });
    }
    if (s.anyOf)
      return this.validValue(
        s.anyOf.find((part) => part.type !== 'null'),
        { name, full, urlFor, uuid },
      );
    if (s.enum) return s.enum.find((value) => value !== null);
    if (s.default !== undefined) return s.default;
    switch (mainType(s)) {
      case 'object': {
        const out = {};
        const wanted = full ? Object.keys(s.properties ?? {}) : (s.required ?? []);
        for (const key of wanted)
          out[key] = this.validValue(s.properties[key], { name: key, full, urlFor, uuid });
        return out;
      }
      case 'array':
        return [];
      case 'integer':
      case 'number':
        return s.minimum ?? 1;
      case 'boolean':
        return true;
      default:
        return stringFor(s, name, urlFor, uuid);
    }
  }
}

function stringFor(s, name, urlFor, uuid) {
  if (s.format === 'uri' || /url$/i.test(name)) {
    // The fixture site's URL, unless the field's pattern names other hosts: then its example.
    const url = urlFor(name);
    const pattern = s.pattern && new RegExp(s.pattern, 'u');
    if (!pattern || pattern.test(url) || typeof s.example !== 'string' || !pattern.test(s.example))
      return url;
    return s.example;
  }
  if (s.format === 'email') return `fuzz-${randomBytes(4).toString('hex')}@example.com`;
  if (s.format === 'uuid') return uuid;
  if (s.format === 'date-time') return new Date().toISOString();
  if (name === 'secret') return `whsec_${randomBytes(32).toString('base64')}`;
  // A pattern is honoured through the schema's own example, which the document keeps valid.
  if (s.pattern && typeof s.example === 'string' && new RegExp(s.pattern, 'u').test(s.example))
    return s.example;
  if (name === 'waitForSelector') return 'body';
  const length = Math.max(s.minLength ?? 1, 1);
  return randomBytes(length).toString('hex').slice(0, length);
}

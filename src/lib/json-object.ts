/** An object parsed from JSON or YAML (a request body, a schema, a spec), its fields not yet known. */
export type JsonObject = Record<string, unknown>;

import { ApiError } from './errors';

// Readers for JSON from the service. Each names the place it looked at (e.g. `apps[3].app_name`), so
// a wrong shape becomes one clear invalid-response error here instead of a crash somewhere in the UI.
// Absent and null are the same thing ("not given"); extra fields are ignored.

export type JsonObject = Record<string, unknown>;

export function wrongShape(where: string, expected: string, value: unknown): ApiError {
  return new ApiError(
    'invalid-response',
    `The build service sent an answer this extension does not understand: ${where} should be ${expected}, but is ${describe(value)}.`,
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'missing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function expectObject(value: unknown, where: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw wrongShape(where, 'an object', value);
  }
  return value as JsonObject;
}

export function expectArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw wrongShape(where, 'an array', value);
  return value;
}

/** An object that may be absent or null, read as an empty object. */
export function optionalObject(parent: JsonObject, key: string, where: string): JsonObject {
  const value = parent[key];
  return value === undefined || value === null ? {} : expectObject(value, `${where}.${key}`);
}

/** An array that may be absent or null, read as empty. */
export function optionalArray(parent: JsonObject, key: string, where: string): unknown[] {
  const value = parent[key];
  return value === undefined || value === null ? [] : expectArray(value, `${where}.${key}`);
}

export function requiredString(parent: JsonObject, key: string, where: string): string {
  const value = parent[key];
  if (typeof value !== 'string' || value === '') throw wrongShape(`${where}.${key}`, 'a non-empty string', value);
  return value;
}

export function optionalString(parent: JsonObject, key: string, where: string): string | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongShape(`${where}.${key}`, 'a string', value);
  return value;
}

export function optionalNumber(parent: JsonObject, key: string, where: string): number | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw wrongShape(`${where}.${key}`, 'a number', value);
  return value;
}

export function optionalBoolean(parent: JsonObject, key: string, where: string): boolean | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw wrongShape(`${where}.${key}`, 'true or false', value);
  return value;
}

export function stringArray(parent: JsonObject, key: string, where: string): string[] {
  return optionalArray(parent, key, where).map((item, index) => {
    if (typeof item !== 'string') throw wrongShape(`${where}.${key}[${index}]`, 'a string', item);
    return item;
  });
}

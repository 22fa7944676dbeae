import { ApiError } from '../errors';

// Readers for the service's JSON: a wrong shape becomes one invalid-response error naming the place
// (`apps[3].app_name`) instead of a crash in the UI. Absent and null both mean "not given"; extra fields
// are ignored. A list adds `apps[3]` only on error, so no path string is built per item.

export type JsonObject = Record<string, unknown>;

/** A wrong shape, keeping its parts so a list can put the item's place in front. */
class WrongShape extends ApiError {
  constructor(
    readonly where: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      'invalid-response',
      `The build service sent an answer this extension does not understand: ${where} should be ${expected}, but is ${actual}.`,
    );
  }
}

export function wrongShape(where: string, expected: string, value: unknown): ApiError {
  return new WrongShape(where, expected, describe(value));
}

/** `parseItem` gets '' as the item's place; an error in item 3 is reported at `name[3]…`. */
export function parseList<T>(body: unknown, what: string, name: string, parseItem: (value: unknown, where: string) => T): T[] {
  const items = expectArray(body, what);
  const models = new Array<T>(items.length);
  for (let index = 0; index < items.length; index++) {
    try {
      models[index] = parseItem(items[index], '');
    } catch (error) {
      throw error instanceof WrongShape ? new WrongShape(`${name}[${index}]${error.where}`, error.expected, error.actual) : error;
    }
  }
  return models;
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

// The caller reads the value with a constant name (`wire.app_name`): one shared `parent[key]` access
// for every key of every model would be megamorphic. The place is joined only for a message.

export function optionalObject(value: unknown, where: string, key: string): JsonObject {
  return value === undefined || value === null ? {} : expectObject(value, `${where}.${key}`);
}

export function optionalArray(value: unknown, where: string, key: string): unknown[] {
  return value === undefined || value === null ? [] : expectArray(value, `${where}.${key}`);
}

export function requiredString(value: unknown, where: string, key: string): string {
  if (typeof value !== 'string' || value === '') throw wrongShape(`${where}.${key}`, 'a non-empty string', value);
  return value;
}

export function optionalString(value: unknown, where: string, key: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongShape(`${where}.${key}`, 'a string', value);
  return value;
}

export function optionalNumber(value: unknown, where: string, key: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw wrongShape(`${where}.${key}`, 'a number', value);
  return value;
}

export function optionalBoolean(value: unknown, where: string, key: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw wrongShape(`${where}.${key}`, 'true or false', value);
  return value;
}

/** No copy: the array itself once every item is checked. */
export function stringArray(value: unknown, where: string, key: string): string[] {
  const items = optionalArray(value, where, key);
  for (let index = 0; index < items.length; index++) {
    if (typeof items[index] !== 'string') throw wrongShape(`${where}.${key}[${index}]`, 'a string', items[index]);
  }
  return items as string[];
}

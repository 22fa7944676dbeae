// Validation of the documented query parameters; anything malformed is a 400 with a clear message.
import { badRequest } from './apiError';
import type { BuildStatus } from './data';
import { BUILD_STATUSES } from './data';

export type Query = Record<string, string>;

export const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

export function limitParam(query: Query): number {
  const text = query.limit;
  if (text === undefined) return DEFAULT_LIMIT;
  const limit = /^[0-9]{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) {
    throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}, not "${text}"`);
  }
  return limit;
}

export function statusParam(query: Query): BuildStatus | undefined {
  const text = query.status;
  if (text === undefined) return undefined;
  const status = BUILD_STATUSES.find((known) => known === text);
  if (!status) throw badRequest(`status must be one of ${BUILD_STATUSES.join(', ')}, not "${text}"`);
  return status;
}

/** `branch` and `scheme` name things; an empty name is a client mistake, not "any". */
export function nameParam(query: Query, name: 'branch' | 'scheme'): string | undefined {
  const text = query[name];
  if (text === '') throw badRequest(`${name} must not be empty`);
  return text;
}

export function booleanParam(query: Query, name: string, fallback: boolean): boolean {
  const text = query[name];
  if (text === undefined) return fallback;
  if (text === 'true' || text === 'false') return text === 'true';
  throw badRequest(`${name} must be true or false, not "${text}"`);
}

// The trigger route's body: `branch` from JSON or from form-encoded content.
import { badRequest } from './apiError';

function branchFromJson(body: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw badRequest('The body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('The JSON body must be an object');
  }
  return (parsed as Record<string, unknown>).branch;
}

function branchFromForm(body: string): unknown {
  for (const pair of body.split('&')) {
    const [rawKey, rawValue = ''] = pair.split(/=(.*)/s);
    try {
      if (decodeURIComponent(rawKey.replace(/\+/g, ' ')) === 'branch') return decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      throw badRequest('Malformed percent-encoding in the form body');
    }
  }
  return undefined;
}

/**
 * The branch to build, or undefined for the default branch. Content without a Content-Type is read
 * as JSON when it looks like an object, else as a form, as lenient servers do.
 */
export function branchFromBody(body: string, contentType: string | undefined): string | undefined {
  if (body.trim() === '') return undefined;
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const isJson = type === 'application/json' || type.endsWith('+json') || (type === '' && body.trimStart().startsWith('{'));
  const isForm = type === 'application/x-www-form-urlencoded' || type === '';
  if (!isJson && !isForm) throw badRequest(`Unsupported Content-Type "${type}": send JSON or form-encoded content`);
  const branch = isJson ? branchFromJson(body) : branchFromForm(body);
  if (branch === undefined || branch === null) return undefined;
  if (typeof branch !== 'string' || branch === '') throw badRequest('branch must be a non-empty string');
  return branch;
}

// How a fault changes what is answered. Delivery-level disturbances (delays, cuts) are in deliver.ts.
import type { Fault } from './contract';
import type { Answer } from './answer';
import { JSON_TYPE, emptyAnswer, errorAnswer, htmlAnswer, statusText } from './answer';

/**
 * Faults with their own status, invalid JSON or a dropped connection answer in the service's place
 * BEFORE auth is checked: they stand for a proxy or load balancer in front of the API, which answers
 * 503 or drops the line without knowing tokens. The other faults disturb the normal (authenticated)
 * answer.
 */
export function replacesAnswer(fault: Fault): boolean {
  return fault.status !== undefined || fault.invalidJson === true || fault.dropConnection === true || fault.redirectTo !== undefined;
}

export function faultAnswer(fault: Fault): Answer {
  if (fault.dropConnection) return emptyAnswer(0);
  if (fault.redirectTo !== undefined) return { ...emptyAnswer(302), headers: { location: fault.redirectTo } };
  if (fault.invalidJson) return { status: fault.status ?? 200, contentType: JSON_TYPE, body: '{"not json', headers: {} };
  const status = fault.status ?? 500;
  if (fault.body === 'html') return htmlAnswer(status);
  if (fault.body === 'empty') return emptyAnswer(status);
  return errorAnswer(status, fault.errorMessage ?? statusText(status));
}

/** Well-formed JSON of the wrong shape: an array becomes an object and anything else an array. */
function reshaped(body: string): string {
  const value: unknown = JSON.parse(body);
  return JSON.stringify(Array.isArray(value) ? { data: value } : [value]);
}

export function disturbedAnswer(answer: Answer, fault: Fault): Answer {
  const headers = fault.retryAfter === undefined ? answer.headers : { ...answer.headers, 'retry-after': fault.retryAfter };
  const isSuccess = answer.status >= 200 && answer.status < 300 && answer.body !== '';
  let body = answer.body;
  if (fault.rawBody !== undefined) body = fault.rawBody;
  else if (fault.wrongShape && isSuccess && !fault.invalidJson) body = reshaped(answer.body);
  return { ...answer, headers, body };
}

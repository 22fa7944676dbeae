import { ApiError } from '../errors';

/** Decides whether a retry is safe: after `connecting` nothing reached the service, later it may have. */
export type FailureStage = 'connecting' | 'awaiting-response' | 'reading-body';

export class ConnectionFailure extends ApiError {
  constructor(
    message: string,
    readonly stage: FailureStage,
    details: { method: string; url: string; code?: string; cause?: unknown },
  ) {
    super('network', message, details);
  }
}

interface Where {
  method: string;
  url: string;
  cause?: unknown;
}

/** The request's overall deadline (deadline.ts) passed: before the answer began, or while it was arriving. */
export function deadlineFailure(where: Where, stage: FailureStage, timeoutMs: number): ApiError {
  const message =
    stage === 'reading-body'
      ? `The build service did not send its whole answer within ${seconds(timeoutMs)}.`
      : `The build service did not answer within ${seconds(timeoutMs)}.`;
  return new ApiError('timeout', message, where);
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** The ApiError for an undici failure that is not a cancellation, a proxy or a certificate problem. */
export function connectionFailure(error: unknown, where: Where, stage: FailureStage, timeoutMs: number): ApiError {
  const origin = new URL(where.url).origin;
  const code = errorCode(error);
  const within = seconds(timeoutMs);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new ApiError('timeout', `Could not connect to the build service at ${origin} within ${within}.`, { ...where, code });
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new ApiError('timeout', `The build service did not answer within ${within}.`, { ...where, code });
    case 'UND_ERR_BODY_TIMEOUT':
      return new ApiError('timeout', `The build service stopped sending its answer for ${within}.`, { ...where, code });
  }
  if (stage === 'reading-body') {
    return new ConnectionFailure('The connection to the build service broke before the whole answer arrived.', stage, { ...where, code });
  }
  if (code === 'ECONNREFUSED') {
    return new ConnectionFailure(`Could not connect to the build service at ${origin} (connection refused).`, 'connecting', {
      ...where,
      code,
    });
  }
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') {
    return new ConnectionFailure('The build service closed the connection without answering.', stage, { ...where, code });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ConnectionFailure(`Could not find the build service's host ${new URL(where.url).host}.`, 'connecting', {
      ...where,
      code,
    });
  }
  const detail = error instanceof Error ? `: ${error.message}` : '';
  return new ConnectionFailure(`The connection to the build service at ${origin} failed${detail}.`, stage, { ...where, code });
}

function errorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | undefined)?.code;
  if (typeof direct === 'string') return direct;
  const nested = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof nested === 'string' ? nested : undefined;
}

// One request from arrival to answer: parse, faults, auth, route, record, deliver.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault, RecordedRequest } from './contract';
import { ApiError } from './apiError';
import type { Answer } from './answer';
import { errorAnswer } from './answer';
import { deliver } from './deliver';
import { disturbedAnswer, faultAnswer, replacesAnswer } from './faultAnswer';
import type { ReceivedBody } from './readBody';
import { readBody } from './readBody';
import type { RequestTarget } from './requestTarget';
import { parseRequestTarget } from './requestTarget';
import type { RouteMatch } from './routes';
import { HANDLERS, matchRoute } from './routes';
import type { ServiceState } from './serviceState';

interface Arrival {
  request: IncomingMessage;
  method: string;
  target: RequestTarget;
  route: RouteMatch | undefined;
  body: ReceivedBody;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The service's own answer. Auth comes first, for unknown routes too, as an API gateway checks the
 * token before it looks at the path: without a valid token every request is a 401.
 */
function normalAnswer(state: ServiceState, arrival: Arrival): Answer {
  const { request, method, target, route, body } = arrival;
  const authFailure = state.tokens.failureFor(firstHeader(request.headers.authorization));
  if (authFailure) return errorAnswer(401, authFailure);
  if (target.pathError) return errorAnswer(400, target.pathError);
  if (!route) return errorAnswer(404, `No route for ${method} ${target.rawUrl.split('?')[0]}`);
  if (target.queryError) return errorAnswer(400, target.queryError);
  if (body.error) return errorAnswer(400, body.error);
  try {
    return HANDLERS[route.key]({
      data: state.data,
      params: route.params,
      query: target.query,
      body: body.text,
      contentType: firstHeader(request.headers['content-type']),
      range: firstHeader(request.headers.range),
      nowMs: Date.now(),
      newBuildId: () => state.newBuildId(),
    });
  } catch (error) {
    if (error instanceof ApiError) return errorAnswer(error.status, error.message);
    return errorAnswer(500, `Internal server error: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function answerFor(state: ServiceState, arrival: Arrival, fault: Fault | undefined): Answer {
  if (!fault) return normalAnswer(state, arrival);
  const answer = replacesAnswer(fault) ? faultAnswer(fault) : normalAnswer(state, arrival);
  return disturbedAnswer(answer, fault);
}

function record(state: ServiceState, arrival: Arrival, status: number): void {
  const { request, method, target, route, body } = arrival;
  const recorded: RecordedRequest = {
    method,
    rawUrl: target.rawUrl,
    rawPath: target.rawPath,
    query: target.query,
    headers: { ...request.headers },
    body: body.text,
    route: route?.key,
    status,
  };
  state.requests.push(recorded);
  state.options.onRequest?.(recorded);
}

export async function handleRequest(state: ServiceState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let body: ReceivedBody;
  try {
    body = await readBody(request);
  } catch {
    return; // the client hung up before sending the whole request: nobody to answer
  }
  const method = request.method ?? 'GET';
  const target = parseRequestTarget(request.url ?? '/');
  const route = matchRoute(method, target.segments);
  const arrival: Arrival = { request, method, target, route, body };
  const fault = state.faults.take(route?.key);
  const answer = answerFor(state, arrival, fault);
  record(state, arrival, answer.status);
  deliver(response, answer, fault, state.timers);
}

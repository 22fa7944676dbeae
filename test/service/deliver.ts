// Puts an answer on the wire, disturbed as the fault says: delays, a pause mid-body, a cut-off
// body or a dropped connection. The Content-Length always promises the whole body.
import type { ServerResponse } from 'node:http';
import type { Fault } from './contract';
import type { Answer } from './answer';
import type { Timers } from './timers';

function sendDisturbed(response: ServerResponse, answer: Answer, fault: Fault | undefined, timers: Timers): void {
  if (response.destroyed) return; // the client went away while we waited
  if (fault?.dropConnection) {
    response.destroy();
    return;
  }
  const bytes = Buffer.from(answer.body, 'utf8');
  response.writeHead(answer.status, {
    ...answer.headers,
    'content-type': answer.contentType,
    'content-length': String(bytes.length),
  });
  if (!fault?.delayMidBodyMs && !fault?.cutBody) {
    response.end(bytes);
    return;
  }
  const half = Math.floor(bytes.length / 2);
  const sendRest = () => {
    if (response.destroyed) return;
    if (fault.cutBody) response.destroy();
    else response.end(bytes.subarray(half));
  };
  // Destroy only after the first half is flushed, so the client really sees a partial body.
  response.write(bytes.subarray(0, half), () => {
    if (fault.delayMidBodyMs) timers.after(fault.delayMidBodyMs, sendRest);
    else sendRest();
  });
}

export function deliver(response: ServerResponse, answer: Answer, fault: Fault | undefined, timers: Timers): void {
  const delay = fault?.delayBeforeHeadersMs;
  if (delay) timers.after(delay, () => sendDisturbed(response, answer, fault, timers));
  else sendDisturbed(response, answer, fault, timers);
}

// Puts an answer on the wire, disturbed as the fault says: delays, a pause mid-body, a cut-off
// body, a dropped connection or an answer that drips forever. The Content-Length, when sent, always
// promises the whole body.
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
  if (answer.stream) {
    sendStream(response, answer, answer.stream, fault, timers);
    return;
  }
  if (fault?.hugeBodyBytes) {
    sendHuge(response, answer, fault.hugeBodyBytes, fault.declareLength === true);
    return;
  }
  if (fault?.dripEveryMs) {
    drip(response, answer, fault.dripEveryMs, timers);
    return;
  }
  // Latin-1 cannot hold every character: the others become '?' rather than bytes that would break the JSON.
  const bytes = fault?.latin1Body
    ? Buffer.from(answer.body.replace(/[^\u0000-\u00ff]/gu, '?'), 'latin1')
    : Buffer.from(answer.body, 'utf8');
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

/**
 * A generated body, written as the client reads it. `cutBody` destroys the socket halfway and
 * `delayMidBodyMs` pauses there: a download cut off, or stalled.
 */
function sendStream(
  response: ServerResponse,
  answer: Answer,
  stream: NonNullable<Answer['stream']>,
  fault: Fault | undefined,
  timers: Timers,
): void {
  response.writeHead(answer.status, { ...answer.headers, 'content-type': answer.contentType, 'content-length': String(stream.size) });
  if (stream.trickle) {
    trickle(response, stream, stream.trickle, timers);
    return;
  }
  const blocks = stream.blocks()[Symbol.iterator]();
  const half = Math.floor(stream.size / 2);
  let sent = 0;
  let paused = false;
  const pump = (): void => {
    while (!response.destroyed) {
      if (sent >= half && !paused && (fault?.cutBody || fault?.delayMidBodyMs)) {
        paused = true;
        // Only once the first half is flushed, so the client really has it.
        response.write('', () => {
          if (fault.cutBody) response.destroy();
          else timers.after(fault.delayMidBodyMs ?? 0, pump);
        });
        return;
      }
      const next = blocks.next();
      if (next.done) {
        response.end();
        return;
      }
      sent += next.value.length;
      if (!response.write(next.value)) {
        response.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

/** A few bytes at a time until all are written or the client goes away; the record says how far it got. */
function trickle(
  response: ServerResponse,
  stream: NonNullable<Answer['stream']>,
  { bytes, everyMs, record }: NonNullable<NonNullable<Answer['stream']>['trickle']>,
  timers: Timers,
): void {
  const all = stream.blocks()[Symbol.iterator]();
  let pending = Buffer.alloc(0);
  response.on('close', () => (record.complete = response.writableFinished));
  const step = (): void => {
    if (response.destroyed) return;
    while (pending.length < bytes) {
      const next = all.next();
      if (next.done) break;
      pending = Buffer.concat([pending, next.value]);
    }
    const part = pending.subarray(0, bytes);
    pending = pending.subarray(part.length);
    if (part.length === 0) return void response.end();
    record.sent += part.length;
    response.write(part);
    timers.after(everyMs, step);
  };
  step();
}

/** `[` + spaces + `]`, written as the client reads it, so a client that stops reading stops the server too. */
function sendHuge(response: ServerResponse, answer: Answer, size: number, declareLength: boolean): void {
  response.writeHead(answer.status, {
    ...answer.headers,
    'content-type': answer.contentType,
    ...(declareLength ? { 'content-length': String(size) } : {}),
  });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let left = size - 2;
  response.write('[');
  const pump = (): void => {
    while (left > 0 && !response.destroyed) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      if (!response.write(part)) {
        response.once('drain', pump);
        return;
      }
    }
    if (!response.destroyed) response.end(']');
  };
  pump();
}

/** One byte at a time until the client goes away (or the service closes, which clears the timers). */
function drip(response: ServerResponse, answer: Answer, everyMs: number, timers: Timers): void {
  response.writeHead(answer.status, { ...answer.headers, 'content-type': answer.contentType });
  const body = Buffer.from(answer.body, 'utf8');
  let sent = 0;
  const next = (): void => {
    if (response.destroyed) return;
    response.write(sent < body.length ? body.subarray(sent, sent + 1) : ' ');
    sent++;
    timers.after(everyMs, next);
  };
  next();
}

export function deliver(response: ServerResponse, answer: Answer, fault: Fault | undefined, timers: Timers): void {
  const delay = fault?.delayBeforeHeadersMs;
  if (delay) timers.after(delay, () => sendDisturbed(response, answer, fault, timers));
  else sendDisturbed(response, answer, fault, timers);
}

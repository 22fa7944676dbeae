// How many requests the service is answering at once, per port: the client promises at most four,
// and only the service can see that promise kept on the wire.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ConcurrencyMeter {
  current: number;
  /** The most at once since the last reset. */
  max: number;
  reset(): void;
}

const meters = new Map<number, ConcurrencyMeter>();

function meterFor(port: number): ConcurrencyMeter {
  let meter = meters.get(port);
  if (!meter) {
    const m: ConcurrencyMeter = { current: 0, max: 0, reset: () => (m.max = m.current) };
    meters.set(port, (meter = m));
  }
  return meter;
}

/** Called by the server for each request: counts it until its answer is finished or cut off. */
export function trackConcurrency(request: IncomingMessage, response: ServerResponse): void {
  const meter = meterFor(request.socket.localPort ?? 0);
  meter.current++;
  meter.max = Math.max(meter.max, meter.current);
  response.once('close', () => meter.current--);
}

/** The meter of the service at `baseUrl` (e.g. `http://127.0.0.1:41234/v1`). */
export function concurrencyOf(baseUrl: string): ConcurrencyMeter {
  return meterFor(Number(new URL(baseUrl).port));
}

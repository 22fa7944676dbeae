// Faults switched on per route, each used up after `times` matching requests when given.
import type { Fault, RouteKey } from './contract';

interface ArmedFault {
  fault: Fault;
  remaining: number;
}

export class FaultBook {
  private readonly armed = new Map<RouteKey, ArmedFault>();

  set(route: RouteKey, fault: Fault): void {
    this.armed.set(route, { fault: { ...fault }, remaining: fault.times ?? Infinity });
  }

  clear(): void {
    this.armed.clear();
  }

  /** The fault for this request, counting it as used. */
  take(route: RouteKey | undefined): Fault | undefined {
    const armed = route && this.armed.get(route);
    if (!armed) return undefined;
    armed.remaining -= 1;
    if (armed.remaining <= 0) this.armed.delete(route);
    return armed.remaining >= 0 ? armed.fault : undefined;
  }
}

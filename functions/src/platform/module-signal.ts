/** What a listener does with a signal; the emitter waits for it. */
export type SignalListener<P> = (payload: P) => Promise<unknown>;

export interface ModuleSignal<P> {
  /** Adds a listener; the same function added again stays one listener (entries may register twice). */
  listen(listener: SignalListener<P>): void;
  /** Runs every listener in the order they were added and waits for them; a listener's error reaches the emitter. */
  emit(payload: P): Promise<void>;
}

/**
 * A module's signal that something it owns changed which another module shows (decision 0064).
 * The module that changes it owns the signal and exports it from its public.ts; the module that
 * shows it listens (device-config: what every device is told). So the arrow points from the
 * listener to the emitter, never back: the emitter does not know who listens. The Lambda entries
 * register the listeners, as they register adapters and the shift recipients.
 *
 * In process and awaited: the request that made the change answers after its listeners ran, as it
 * did when it called the listening module directly. Events between Lambdas are the module events
 * (IoT rules, schedules, delivery queues; infra/aws/module-events.construct.ts), not this.
 */
export function moduleSignal<P>(): ModuleSignal<P> {
  const listeners = new Set<SignalListener<P>>();
  return {
    listen(listener) {
      listeners.add(listener);
    },
    async emit(payload) {
      for (const listener of listeners) await listener(payload);
    },
  };
}

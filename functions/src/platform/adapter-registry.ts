/** An adapter as its composition root registers it; `create` runs at the first use of its kind. */
export interface PortAdapter<K extends string, P> {
  readonly kind: K;
  create(): P;
}

/**
 * What every port chosen by configuration does with its adapters (the scheduler, object storage,
 * the secret cipher): an entry registers the adapters it bundles, configuration names the kind, and
 * that kind's adapter is created once, at its first use, so nothing is loaded that is not picked.
 * Registering a kind again replaces it. `missing` words the error for a kind nobody registered.
 */
export function adapterRegistry<K extends string, P>(missing: (kind: K) => string) {
  const registered = new Map<K, PortAdapter<K, P>>();
  const created = new Map<K, P>();
  return {
    register(adapter: PortAdapter<K, P>): void {
      if (registered.get(adapter.kind) === adapter) return;
      registered.set(adapter.kind, adapter);
      created.delete(adapter.kind);
    },
    use(kind: K): P {
      let port = created.get(kind);
      if (!port) {
        const adapter = registered.get(kind);
        if (!adapter) throw new Error(missing(kind));
        port = adapter.create();
        created.set(kind, port);
      }
      return port;
    },
  };
}

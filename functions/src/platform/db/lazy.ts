/**
 * An object built on its first use, then kept for the life of the process. ElectroDB validates each
 * model with JSON Schema when an Entity or Service is constructed (~2-5 ms each); built at module
 * load, every entity of every route cost each cold start about a fifth of its init. Wrapped in
 * `lazy`, a function builds only the entities its requests touch, each once (docs/performance.md,
 * "Cold start"). The proxy is transparent: `UserProfileEntity.get(...)`, `new Service({ profile:
 * UserProfileEntity })` and `EntityItem<typeof UserProfileEntity>` work as on the entity itself.
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const instance = () => (built ??= build());
  return new Proxy({} as T, {
    get(_target, key) {
      const value = Reflect.get(instance(), key) as unknown;
      // Methods run on the object itself, not through the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(instance()) : value;
    },
    set: (_target, key, value) => Reflect.set(instance(), key, value),
    has: (_target, key) => Reflect.has(instance(), key),
    ownKeys: () => Reflect.ownKeys(instance()),
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(instance(), key);
      // The proxy's own (empty, extensible) target allows only configurable descriptors.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(instance()),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(instance(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(instance(), key),
  });
}

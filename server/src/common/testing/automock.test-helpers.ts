/**
 * A stand-in for a collaborator of the service under test: every method of the class (its
 * prototype chain, getters left out) is a jest.fn() that resolves or returns undefined until the
 * test says otherwise. Typed as the class, so `new Service(automock(Repository), …)` compiles, and
 * each method is a jest.Mock to set answers on and assert calls against.
 *
 *   const history = automock(ScanHistoryService);
 *   history.reservePrivacyScan.mockResolvedValue('scan-1');
 */
export type Automocked<T> = T & { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? jest.Mock<R, A> : T[K] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function automock<T extends object>(type: abstract new (...args: any[]) => T, values: Partial<T> = {}): Automocked<T> {
  const mock: Record<string, unknown> = {};
  for (let proto = type.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || name in mock) continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof descriptor?.value === 'function') mock[name] = jest.fn();
    }
  }
  return Object.assign(mock, values) as Automocked<T>;
}

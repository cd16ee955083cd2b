/**
 * An EventSource stand-in the test drives by hand: every one made is in `FakeEventSource.all` (the newest
 * `last`); `emit` pushes a server event, `fail` drops the connection.
 */
export class FakeEventSource {
  static all: FakeEventSource[] = [];
  static get last(): FakeEventSource | null {
    return FakeEventSource.all.at(-1) ?? null;
  }
  static get count(): number {
    return FakeEventSource.all.length;
  }
  readyState = 0;
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string, data: unknown = {}) {
    if (name === 'ready') this.readyState = 1;
    for (const fn of this.listeners.get(name) ?? [])
      fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  fail() {
    this.readyState = 2;
    this.onerror?.();
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

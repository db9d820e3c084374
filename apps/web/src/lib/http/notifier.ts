/**
 * A bridge from non-React code (the API clients) to antd's toasts, which must come from
 * `App.useApp()` to follow the theme. `<HttpToastBridge>` in AntdFrame connects it; until antd
 * is loaded (the plain login page) the last few messages wait for it.
 */
type Notify = (text: string) => void;

let notifyImpl: Notify | null = null;
const queued: string[] = [];

/** Connects the toast function; messages raised before it was connected are shown now. */
export function connectNotifier(fn: Notify | null): void {
  notifyImpl = fn;
  if (fn) for (const text of queued.splice(0)) fn(text);
}

/** Shows an error toast. */
export function notifyError(text: string): void {
  if (notifyImpl) notifyImpl(text);
  else if (queued.push(text) > 3) queued.shift();
}

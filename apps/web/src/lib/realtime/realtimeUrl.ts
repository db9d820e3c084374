/**
 * The websocket address of the console for a seat: `/ws?account={username}`. The SPA never puts
 * its token in the address; the browser sends the HttpOnly file cookie set at login with the
 * upgrade (docs/files-and-media.md). API.md's `&token=` form stays for outside clients.
 */
export function realtimeUrl(
  username: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ account: username });
  return `${scheme}://${location.host}/ws?${query.toString()}`;
}

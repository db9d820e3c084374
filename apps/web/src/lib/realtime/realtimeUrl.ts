/** The websocket address of the console for a seat (API.md: `/ws?account={username}&token={token}`). */
export function realtimeUrl(
  username: string,
  token: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ account: username, token });
  return `${scheme}://${location.host}/ws?${query.toString()}`;
}

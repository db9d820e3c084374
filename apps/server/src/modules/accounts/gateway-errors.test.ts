import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../gateway/index.ts';
import { AppError } from '../../platform/errors.ts';
import { fromGateway, hasNetworkDetail } from './gateway-errors.ts';

describe('gateway failures as users read them', () => {
  it.each([
    'connect ECONNREFUSED 127.0.0.1:18497',
    'WebSocket Error (connect ETIMEDOUT 10.0.0.5:1080)',
    'getaddrinfo ENOTFOUND proxy.internal',
    'Socks5 proxy rejected connection - Failure',
    'connect EHOSTUNREACH [fd00::1]:1080',
    'outbound connection refused: localhost (127.0.0.1): not a public address',
  ])('keeps the network detail of %j for the log', (message) => {
    expect(hasNetworkDetail(message)).toBe(true);
    const err = fromGateway(new GatewayError('failed', message)) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.key).toBe('platformUnreachable');
    expect(JSON.stringify(err.params ?? {})).not.toContain(message);
    expect((err as Error & { cause?: unknown }).cause).toBeInstanceOf(GatewayError);
  });

  it("passes the platform's own words on", () => {
    expect(hasNetworkDetail('not an admin of this group')).toBe(false);
    const err = fromGateway(new GatewayError('failed', 'Timed Out')) as AppError;
    expect(err.key).toBe('platformFailed');
    expect(err.params).toEqual({ message: 'Timed Out' });
  });
});

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  WS_EVENTS,
  type QrAckFailedPush,
  type QrAckSucceedPush,
  type QrAckUpdatePush,
  type QrPush,
} from '@cst/shared';
import { HttpError, isCancelled } from '../../../lib/http/errors.ts';
import { useRealtimeEvent, useRealtimeStatus } from '../../../lib/realtime/useRealtimeEvent.ts';
import { accountsApi, accountsKeys } from '../api.ts';
import { QR_INITIAL, qrReducer } from './qrLoginMachine.ts';

/** What a QR code is issued for: a new account (into a group, via a proxy) or `wxid` again. */
export interface QrLoginParams {
  groupId?: string;
  proxyId?: string;
  wxid?: string;
  /** A pairing-code login for this phone number instead of a QR code (nothing asked while ''). */
  phone?: string;
}

/**
 * A QR login while `open`: issues the code (again when the parameters change or on `refresh`),
 * follows it through the websocket pushes and the clock, and re-checks its state when the link
 * comes back after a drop. A confirmed login refreshes the account lists.
 */
export function useQrLogin(open: boolean, params: QrLoginParams) {
  const queryClient = useQueryClient();
  const [view, dispatch] = useReducer(qrReducer, QR_INITIAL);
  const request = useRef(0);
  const { groupId, proxyId, wxid, phone } = params;

  const issue = useCallback(() => {
    const n = ++request.current;
    dispatch({ type: 'request' });
    const asked =
      phone !== undefined
        ? accountsApi
            .pairCode({ phone, groupId, proxyId, wxid })
            .then((r) => ({ ...r, qrImage: '' }))
        : accountsApi.qrLoginCode({ groupId, proxyId, wxid });
    asked.then(
      (result) => {
        if (n === request.current) dispatch({ type: 'issued', result });
      },
      (err: unknown) => {
        if (n !== request.current || isCancelled(err)) return;
        const message = err instanceof HttpError ? err.message : String(err);
        dispatch({ type: 'requestFailed', message });
      },
    );
  }, [groupId, proxyId, wxid, phone]);

  // One code per opening and parameter set (a development double effect must not issue two).
  const issuedFor = useRef<string | null>(null);
  useEffect(() => {
    const key = JSON.stringify([groupId, proxyId, wxid, phone]);
    if (!open || phone === '') {
      issuedFor.current = null;
      request.current += 1;
    } else if (issuedFor.current !== key) {
      issuedFor.current = key;
      issue();
    }
  }, [open, issue, groupId, proxyId, wxid, phone]);

  useRealtimeEvent<QrPush>(WS_EVENTS.qr, (d) =>
    dispatch({ type: 'rotated', loginId: d.loginId, qrImage: d.qrImage, expiresAt: d.expiresAt }),
  );
  useRealtimeEvent<QrAckUpdatePush>(WS_EVENTS.qrAckUpdate, (d) =>
    dispatch({ type: 'scanned', loginId: d.loginId }),
  );
  useRealtimeEvent<QrAckSucceedPush>(WS_EVENTS.qrAckSucceed, (d) =>
    dispatch({ type: 'succeeded', loginId: d.loginId, wxid: d.wxid }),
  );
  useRealtimeEvent<QrAckFailedPush & { reason?: string }>(WS_EVENTS.qrAckFailed, (d) =>
    dispatch({ type: 'failed', loginId: d.loginId, message: d.message, reason: d.reason }),
  );

  const waiting = open && (view.phase === 'issued' || view.phase === 'scanned');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  // After a dropped link the pushes of the gap may be gone: ask the server where the login is.
  const link = useRealtimeStatus();
  const loginId = view.loginId;
  useEffect(() => {
    if (!waiting || link !== 'open' || !loginId) return;
    accountsApi.qrLoginStatus(loginId).then(
      (state) => dispatch({ type: 'status', state }),
      () => undefined,
    );
  }, [link, waiting, loginId]);

  const confirmed = view.phase === 'confirmed';
  useEffect(() => {
    if (confirmed) void queryClient.invalidateQueries({ queryKey: accountsKeys.all });
  }, [confirmed, queryClient]);

  return { view, refresh: issue };
}

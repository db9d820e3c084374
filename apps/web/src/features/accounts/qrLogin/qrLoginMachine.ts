import type { QrLoginResult, QrLoginState } from '@cst/shared';

/** What the QR dialog shows: getting the code, the code, scanned, and the three endings. */
export type QrPhase = 'loading' | 'issued' | 'scanned' | 'confirmed' | 'failed' | 'expired';

/** The QR login as the dialog sees it. */
export interface QrView {
  phase: QrPhase;
  loginId: string | null;
  qrImage: string;
  expiresAt: number;
  wxid: string | null;
  message: string;
  /** A pairing-code login: the code to type on the phone (no QR image then). */
  code: string;
}

/** What moves a QR login on: the issue call, websocket pushes, the clock, a status re-check. */
export type QrEvent =
  | { type: 'request' }
  | { type: 'issued'; result: QrLoginResult & { code?: string } }
  | { type: 'requestFailed'; message: string }
  | { type: 'scanned'; loginId: string }
  | { type: 'rotated'; loginId: string; qrImage: string; expiresAt?: number }
  | { type: 'succeeded'; loginId: string; wxid: string }
  | { type: 'failed'; loginId: string; message: string; reason?: string }
  | { type: 'tick'; now: number }
  | { type: 'status'; state: QrLoginState };

/** The view before anything was asked. */
export const QR_INITIAL: QrView = {
  phase: 'loading',
  loginId: null,
  qrImage: '',
  expiresAt: 0,
  wxid: null,
  message: '',
  code: '',
};

const waiting = (v: QrView) => v.phase === 'issued' || v.phase === 'scanned';

/**
 * The QR login states (SPEC §4 scan login, API.md): issued → scanned (`qrAckUpdate`) →
 * confirmed (`qrAckSucceed`, status 2) or failed (`qrAckFailed`, status 3 with a message);
 * expired when the clock passes the expiry or the server says so. Pushes of another login and
 * pushes after an ending are ignored.
 */
export function qrReducer(view: QrView, ev: QrEvent): QrView {
  switch (ev.type) {
    case 'request':
      return QR_INITIAL;
    case 'issued':
      return { ...QR_INITIAL, phase: 'issued', ...ev.result };
    case 'requestFailed':
      return { ...QR_INITIAL, phase: 'failed', message: ev.message };
    case 'rotated':
      // A platform whose codes rotate (WhatsApp) replaces the image of a waiting login.
      return ev.loginId === view.loginId && waiting(view)
        ? { ...view, qrImage: ev.qrImage, expiresAt: ev.expiresAt ?? view.expiresAt }
        : view;
    case 'scanned':
      return ev.loginId === view.loginId && view.phase === 'issued'
        ? { ...view, phase: 'scanned' }
        : view;
    case 'succeeded':
      return ev.loginId === view.loginId && waiting(view)
        ? { ...view, phase: 'confirmed', wxid: ev.wxid }
        : view;
    case 'failed':
      if (ev.loginId !== view.loginId || !waiting(view)) return view;
      return {
        ...view,
        phase: ev.reason === 'expired' ? 'expired' : 'failed',
        message: ev.message,
      };
    case 'tick':
      return waiting(view) && ev.now >= view.expiresAt ? { ...view, phase: 'expired' } : view;
    case 'status': {
      const s = ev.state;
      if (s.loginId !== view.loginId || !waiting(view)) return view;
      if (s.status === 'scanned') return { ...view, phase: 'scanned' };
      if (s.status === 'confirmed') return { ...view, phase: 'confirmed', wxid: s.wxid };
      if (s.status === 'failed' || s.status === 'cancelled') {
        return { ...view, phase: 'failed', message: s.message };
      }
      if (s.status === 'expired') return { ...view, phase: 'expired', message: s.message };
      return view;
    }
  }
}

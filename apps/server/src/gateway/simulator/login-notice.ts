import { MSG_TYPE } from '@cst/shared';
import type { Rng } from './prng.ts';
import type { SimCore } from './simulator-core.ts';
import { deliverInbound, ensureFriend } from './simulator-messaging.ts';
import { toContact } from './simulator.presenter.ts';
import { makeLoginNotice, type LoginNoticeFacts } from './traffic-content.ts';
import { makeAvatar } from './world.ts';

// Login notices (message type 23): the platform's security account tells the work account where
// and how it was signed in — on a QR login of a known account (a new device) and, now and then,
// in background traffic (the phone's owner signing in on a tablet or a PC).

/** The platform's security account that sends login notices. */
export const SECURITY_WXID = 'weixin';
/** Its name as contacts see it. */
const SECURITY_NAME = '微信团队';

/** The IP of a proxy line `ip:port:account:password`, or undefined. */
export function proxyIp(proxy: string | null | undefined): string | undefined {
  const host = proxy?.split(':')[0]?.trim();
  return host && /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ? host : undefined;
}

/** The security account as a contact of the work account (added and announced once). */
async function ensureSecurityContact(core: SimCore, acc: string) {
  const known = await core.repo.getPerson(acc, SECURITY_WXID);
  if (known) return ensureFriend(core, acc, SECURITY_WXID, known);
  await core.repo.insertPeople([
    {
      accountWxid: acc,
      wxid: SECURITY_WXID,
      nickname: SECURITY_NAME,
      alias: '',
      avatar: makeAvatar(SECURITY_WXID, SECURITY_NAME),
      sex: 'unknown',
      province: '',
      city: '',
      signature: '',
      isFriend: true,
      addedAt: core.now(),
      source: 'other',
    },
  ]);
  const row = (await core.repo.getPerson(acc, SECURITY_WXID))!;
  void core.emit(acc, 'contactsChanged', {
    workWxid: acc,
    added: [toContact(row)],
    updated: [],
    removed: [],
  });
  return row;
}

/** The security account writes a login notice to an online account; returns its msgId. */
export async function deliverLoginNotice(
  core: SimCore,
  wxid: string,
  rng: Rng,
  facts: LoginNoticeFacts = {},
): Promise<string> {
  const acc = await core.account(wxid);
  await ensureSecurityContact(core, wxid);
  const content = makeLoginNotice(rng, core.now(), facts);
  return deliverInbound(
    core,
    acc,
    {
      talkType: 1,
      peerId: SECURITY_WXID,
      fromSelf: false,
      member: null,
      msgType: MSG_TYPE.loginNotice,
      content: JSON.stringify(content),
    },
    rng,
  );
}

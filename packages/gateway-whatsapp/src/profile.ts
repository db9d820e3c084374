import type { WaCore } from './core.ts';
import { personJid } from './ids.ts';
import { GatewayError, type AccountProfileDto, type ProfilePatch } from './seam.ts';

// The account's own profile: the push name and the profile picture of the linked phone.

/** The account's own profile, as far as WhatsApp tells it. */
export function getProfile(core: WaCore, wxid: string): AccountProfileDto {
  const conn = core.requireHeld(wxid);
  const me = conn.session.creds.me;
  return {
    wxid,
    nickname: me?.name ?? me?.notify ?? '',
    avatar: conn.avatar ?? '',
    alias: me ? personJid(me.id).split('@')[0]! : '',
    sex: 'unknown',
    signature: '',
    province: '',
    city: '',
  };
}

/**
 * Changes the push name (`updateProfileName`, synced to the phone) and / or the profile picture
 * (`updateProfilePicture` with the bytes of the console's file; Baileys crops it to 640 px JPEG).
 * The new name is kept in the session's credentials; the picture's address is the console's own.
 */
export async function setProfile(
  core: WaCore,
  wxid: string,
  patch: ProfilePatch,
): Promise<AccountProfileDto> {
  const { conn, sock } = core.requireOnline(wxid);
  const me = conn.session.creds.me;
  if (!me) throw new GatewayError('notOnline', 'the account is not paired');
  if (patch.nickname !== undefined && !patch.nickname.trim()) {
    throw new GatewayError('invalid', 'the nickname is empty');
  }
  let picture: Buffer | null = null;
  if (patch.avatarUrl !== undefined) {
    if (!core.deps.loadMedia) throw new GatewayError('failed', 'no media loader');
    picture = await core.deps.loadMedia(patch.avatarUrl);
  }
  try {
    if (patch.nickname !== undefined) {
      await sock.updateProfileName(patch.nickname);
      me.name = patch.nickname;
      await core.store.saveCreds(conn.session.id, conn.session.creds);
    }
    if (picture && patch.avatarUrl !== undefined) {
      await sock.updateProfilePicture(me.id, picture);
      conn.avatar = patch.avatarUrl;
    }
  } catch (err) {
    throw new GatewayError('failed', err instanceof Error ? err.message : String(err));
  }
  return getProfile(core, wxid);
}

import { jidNormalizedUser } from 'baileys';
import { GROUP_ID_MARKER } from '@cst/shared';

// Ids at the boundary. The console knows a group by `@chatroom` in its id; WhatsApp by `@g.us`.
// A person's canonical id is the LID (`…@lid`) when known, else the phone-number id, so one
// person never splits into two conversations; the phone number is kept beside it.

const WA_GROUP = '@g.us';
const PHONE_SERVER = '@s.whatsapp.net';

/** Whether a WhatsApp jid is a group. */
export const isWaGroup = (jid: string) => jid.endsWith(WA_GROUP);

/** The console's id of a WhatsApp group jid. */
export const groupIdOf = (jid: string) => `${jid.slice(0, -WA_GROUP.length)}${GROUP_ID_MARKER}`;

/** The WhatsApp jid of a console group id. */
export function groupJidOf(groupId: string): string {
  if (!groupId.endsWith(GROUP_ID_MARKER)) return groupId;
  return `${groupId.slice(0, -GROUP_ID_MARKER.length)}${WA_GROUP}`;
}

/** Whether a jid is a phone-number id. */
export const isPhoneJid = (jid: string) => jid.endsWith(PHONE_SERVER);

/** Whether a jid is a LID. */
export const isLid = (jid: string) => jid.endsWith('@lid');

/** A person's jid without its device part. */
export const personJid = (jid: string) => jidNormalizedUser(jid);

/** The digits of a phone-number id ('' for others). */
export const phoneOf = (jid: string | null | undefined) =>
  jid && isPhoneJid(jid) ? jid.slice(0, -PHONE_SERVER.length) : '';

/** The phone-number jid of a phone number typed by an operator (digits only), or null. */
export function phoneJidOf(input: string): string | null {
  const digits = input.replace(/[\s+()-]/g, '');
  return /^\d{6,15}$/.test(digits) ? `${digits}${PHONE_SERVER}` : null;
}

/**
 * Canonical person ids: a LID ↔ phone map fed by message keys, contacts and `lid-mapping.update`.
 */
export class PersonIds {
  private readonly lidOfPhone = new Map<string, string>();
  private readonly phoneOfLid = new Map<string, string>();
  /** Mappings learned since the last {@link takeFresh}: the people to merge, oldest first. */
  private fresh: { lid: string; pn: string }[] = [];

  /**
   * Records that a LID and a phone id are the same person. A mapping not known before is kept
   * for {@link takeFresh} unless `quiet` (one read back from the adapter's own rows).
   */
  learn(a: string | null | undefined, b: string | null | undefined, quiet = false): void {
    if (!a || !b) return;
    const x = personJid(a);
    const y = personJid(b);
    const lid = isLid(x) ? x : isLid(y) ? y : null;
    const pn = isPhoneJid(x) ? x : isPhoneJid(y) ? y : null;
    if (!lid || !pn) return;
    if (this.lidOfPhone.get(pn) === lid) return;
    this.lidOfPhone.set(pn, lid);
    this.phoneOfLid.set(lid, pn);
    if (!quiet) this.fresh.push({ lid, pn });
  }

  /** The mappings learned since the last call (each once). */
  takeFresh(): { lid: string; pn: string }[] {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }

  /** The canonical id of a person jid (its LID when known). */
  canonical(jid: string): string {
    const j = personJid(jid);
    return isPhoneJid(j) ? (this.lidOfPhone.get(j) ?? j) : j;
  }

  /** The phone-number jid of a person, when known. */
  phoneJid(jid: string): string | null {
    const j = personJid(jid);
    return isPhoneJid(j) ? j : (this.phoneOfLid.get(j) ?? null);
  }
}

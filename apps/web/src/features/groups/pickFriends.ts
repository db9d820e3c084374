import type { PickedContact } from '../contactPicker/ContactPicker.tsx';

/** A friend of a work account picked for a group. */
export interface Friend {
  wxid: string;
  name: string;
}

/**
 * The picks that can join a group of `workWxid`: its friends (single chats of that account).
 * Groups and other accounts' contacts are counted as ignored, so the page can say so.
 */
export function friendsOf(
  picked: PickedContact[],
  workWxid: string,
): { friends: Friend[]; ignored: number } {
  const friends = picked
    .filter((p) => p.talkType === 1 && p.workWxid === workWxid)
    .map((p) => ({ wxid: p.receiver_id, name: p.name }));
  return { friends, ignored: picked.length - friends.length };
}

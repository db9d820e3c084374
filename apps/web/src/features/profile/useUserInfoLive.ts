import { useQueryClient } from '@tanstack/react-query';
import { WS_EVENTS, type Profile, type UserInfoPush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useSession } from '../../lib/session/sessionStore.ts';

/**
 * `userInfo` (SPEC §7): the signed-in user's seat changed — in another tab, or by a manager — so
 * the header's name and avatar and "my seat" follow without a reload.
 */
export function useUserInfoLive(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent<UserInfoPush>(WS_EVENTS.userInfo, (p) => {
    const { user, setUser } = useSession.getState();
    if (!user || user.uid !== p.uid) return;
    setUser({ ...user, nickname: p.nickname, avatar: p.avatar });
    queryClient.setQueryData<Profile>(['profile'], (old) =>
      old ? { ...old, nickname: p.nickname, avatar: p.avatar } : old,
    );
  });
}

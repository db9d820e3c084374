import { Avatar } from 'antd';
import { memo, useState } from 'react';
import { avatarSrc } from '../bubbles/media.ts';

const COLORS = ['#1677ff', '#07c160', '#722ed1', '#fa541c', '#eb2f96', '#13a8a8', '#faad14'];

/** The initials shown when a picture is missing: the first character of the name. */
export function initialsOf(name: string): string {
  const first = [...name.trim()][0] ?? '?';
  return first.toUpperCase();
}

function colorOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return COLORS[Math.abs(h) % COLORS.length]!;
}

/** Props of {@link InboxAvatar}. */
export interface InboxAvatarProps {
  src: string | null | undefined;
  name: string;
  size?: number;
  shape?: 'circle' | 'square';
}

/** An avatar with the name's initial on a colour when there is no picture or it fails to load. */
export const InboxAvatar = memo(function InboxAvatar({
  src,
  name,
  size = 40,
  shape = 'square',
}: InboxAvatarProps) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <Avatar
        size={size}
        shape={shape}
        src={avatarSrc(src)}
        alt={name}
        onError={() => {
          setBroken(true);
          return false;
        }}
      />
    );
  }
  // One initial needs no fitting: a plain box, not antd's text avatar, which measures its text
  // after every render (a forced layout per row of the lists).
  return (
    <span
      className="inbox-avatar-initials"
      role="img"
      aria-label={name}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        overflow: 'hidden',
        color: '#fff',
        lineHeight: 1,
        userSelect: 'none',
        width: size,
        height: size,
        fontSize: Math.round(size * 0.45),
        background: colorOf(name),
        borderRadius: shape === 'circle' ? '50%' : 6,
      }}
    >
      {initialsOf(name)}
    </span>
  );
});

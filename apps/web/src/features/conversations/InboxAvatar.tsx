import { Avatar } from 'antd';
import { memo, useState } from 'react';

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
        src={src}
        alt={name}
        onError={() => {
          setBroken(true);
          return false;
        }}
      />
    );
  }
  return (
    <Avatar size={size} shape={shape} style={{ background: colorOf(name), flex: 'none' }}>
      {initialsOf(name)}
    </Avatar>
  );
});

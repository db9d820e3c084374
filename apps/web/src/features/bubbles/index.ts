import type { ComponentType } from 'react';
import { MSG_TYPE } from '@cst/shared';
import type { BubbleProps } from '../conversations/chat/bubbleProps.ts';
import { SensitiveTextBubble } from '../sensitive/SensitiveTextBubble.tsx';
import {
  CallBubble,
  CardBubble,
  ChannelVideoBubble,
  LinkBubble,
  LocationBubble,
  MiniProgramBubble,
  RedPacketBubble,
  TransferBubble,
} from './CardBubbles.tsx';
import { ForwardBubble } from './ForwardBubble.tsx';
import {
  DocumentBubble,
  EmoticonBubble,
  ImageBubble,
  VideoBubble,
  VoiceBubble,
} from './MediaBubbles.tsx';
import { LoginNoticeBubble } from './LoginNoticeBubble.tsx';
import { AppBubble } from './VoteBubble.tsx';
import './bubbles.css';

/** The rich bubbles by message type (registered into the inbox's bubble table). */
export const RICH_BUBBLES: Partial<Record<number, ComponentType<BubbleProps>>> = {
  // Text as the inbox shows it, with a subAdmin's first sensitive word in red.
  [MSG_TYPE.text]: SensitiveTextBubble,
  [MSG_TYPE.image]: ImageBubble,
  [MSG_TYPE.document]: DocumentBubble,
  [MSG_TYPE.emoticon]: EmoticonBubble,
  [MSG_TYPE.video]: VideoBubble,
  [MSG_TYPE.voice]: VoiceBubble,
  [MSG_TYPE.voiceCall]: CallBubble,
  [MSG_TYPE.videoCall]: CallBubble,
  [MSG_TYPE.card]: CardBubble,
  [MSG_TYPE.link]: LinkBubble,
  [MSG_TYPE.article]: LinkBubble,
  [MSG_TYPE.miniProgram]: MiniProgramBubble,
  [MSG_TYPE.redPacket]: RedPacketBubble,
  [MSG_TYPE.transfer]: TransferBubble,
  [MSG_TYPE.location]: LocationBubble,
  [MSG_TYPE.channelVideo]: ChannelVideoBubble,
  [MSG_TYPE.forward]: ForwardBubble,
  [MSG_TYPE.app]: AppBubble,
  [MSG_TYPE.loginNotice]: LoginNoticeBubble,
};

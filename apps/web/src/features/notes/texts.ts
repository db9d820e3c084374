import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of private notes, mentions, business hours and sensitive words before sending. */
export const notesTexts: Record<Language, TextTree> = {
  'zh-CN': {
    notes: {
      tag: '内部备注',
      reply: '回复',
      note: '备注',
      modeLabel: '回复或内部备注',
      notePlaceholder: '写一条内部备注（客户看不到），输入 @ 提及同事',
      send: '添加备注',
      pickerHint: '↑↓ 选择，Enter 插入，Esc 关闭',
      mentions: '提及我的备注',
      noMentions: '暂无提及',
      mentionedBy: '{name} 在「{chat}」的备注中提及了您',
      openChat: '查看',
      outOfHours: '非营业时间',
      outOfHoursReplied: '非营业时间 · 已自动回复',
      opensAt: '{time} 恢复营业',
      groupPanel: '群资料',
      sensitiveConfirmTitle: '消息含敏感词',
      sensitiveConfirm: '消息含敏感词「{word}」，确定要发送吗？',
      sensitiveSend: '仍然发送',
      sensitiveBlocked: '消息含敏感词「{word}」，不能发送，请修改后再发',
    },
  },
  en: {
    notes: {
      tag: 'Internal note',
      reply: 'Reply',
      note: 'Note',
      modeLabel: 'Reply or internal note',
      notePlaceholder: 'Write an internal note (the customer never sees it); type @ to mention',
      send: 'Add note',
      pickerHint: '↑↓ to choose, Enter to insert, Esc to close',
      mentions: 'Notes mentioning me',
      noMentions: 'No mentions yet',
      mentionedBy: '{name} mentioned you in a note in "{chat}"',
      openChat: 'Open',
      outOfHours: 'Out of hours',
      outOfHoursReplied: 'Out of hours · auto-replied',
      opensAt: 'Opens {time}',
      groupPanel: 'Group info',
      sensitiveConfirmTitle: 'Sensitive word',
      sensitiveConfirm: 'The message contains the sensitive word "{word}". Send it anyway?',
      sensitiveSend: 'Send anyway',
      sensitiveBlocked: 'The message contains the sensitive word "{word}" and cannot be sent',
    },
  },
};

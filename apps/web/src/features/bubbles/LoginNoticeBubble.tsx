import { SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { loginNoticeContent, serverRegionOf } from '@cst/shared';
import type { BubbleProps } from '../conversations/chat/bubbleProps.ts';
import { CardFrame, Unreadable } from './CardBubbles.tsx';
import { parseContent } from './media.ts';

/** The fields of a login notice in the order shown (SPEC §3: ip, createdAt, address, reason, agent). */
const FIELDS = ['createdAt', 'ip', 'address', 'reason', 'agent'] as const;

/**
 * A login notice (type 23): when, from which IP and place, why, on which device, and the region
 * code of the platform server when known.
 */
export function LoginNoticeBubble({ message }: BubbleProps) {
  const { t, i18n } = useTranslation();
  const c = parseContent(message.content, loginNoticeContent);
  if (!c) return <Unreadable message={message} />;
  const value = (f: (typeof FIELDS)[number]) =>
    f === 'createdAt' ? dayjs(c.createdAt).format('YYYY-MM-DD HH:mm:ss') : c[f];
  // SPEC §9: the region code of the platform server, when the platform named one the table knows.
  const region = serverRegionOf(c.server);
  const zh = i18n.language.startsWith('zh');
  return (
    <CardFrame
      testId="bubble-login-notice"
      className="is-login-notice"
      title={
        <>
          <SafetyCertificateOutlined /> {t('bubble.loginNotice.title')}
        </>
      }
      body={
        <dl className="bubble-login-fields">
          {FIELDS.map((f) => (
            <div key={f} className="bubble-login-field" data-field={f}>
              <dt>{t(`bubble.loginNotice.${f}`)}</dt>
              <dd>{value(f) || '—'}</dd>
            </div>
          ))}
          {region && (
            <div className="bubble-login-field" data-field="region">
              <dt>{t('bubble.loginNotice.region')}</dt>
              <dd title={c.server}>
                <span className="bubble-login-region">{region.code}</span>{' '}
                {zh ? region.zh : region.en}
              </dd>
            </div>
          )}
        </dl>
      }
      footer={t('bubble.loginNotice.footer')}
    />
  );
}

import { QuestionOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { manualAreaOf, manualPath } from './areas.ts';

/**
 * A 「?」 that opens the manual at the page of the screen on show: in the header (`place`
 * 'header', hidden on narrow windows where the top menu needs the room) and beside a section's
 * title (`place` 'section').
 */
export function ManualHelp({ place }: { place: 'header' | 'section' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (pathname === '/manual') return null;
  const area = manualAreaOf(pathname);
  const label = t('manual.helpFor', { page: t(`manual.pages.${area}`) });
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={<QuestionOutlined />}
        aria-label={label}
        size={place === 'section' ? 'small' : undefined}
        className={`manual-help manual-help-${place}`}
        data-testid={place === 'header' ? 'manual-help' : 'section-manual-help'}
        data-page={area}
        onClick={() => void navigate(manualPath(area))}
      />
    </Tooltip>
  );
}

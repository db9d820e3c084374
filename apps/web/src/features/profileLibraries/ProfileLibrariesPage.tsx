import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AvatarLibrary } from './AvatarLibrary.tsx';
import { NicknameLibrary } from './NicknameLibrary.tsx';
import './profileLibraries.css';

/**
 * The avatar and nickname libraries (/settings/profileLibrary) that the batch edit of logged-in
 * work accounts takes from (work-account page → 批量改昵称/头像).
 */
export function ProfileLibrariesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'avatars' ? 'avatars' : 'nicknames';
  return (
    <Card className="list-page" title={t('profileLib.title')} data-testid="profile-libraries">
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'avatars' ? { tab: k } : {})}
        items={[
          { key: 'nicknames', label: t('profileLib.nicknames'), children: <NicknameLibrary /> },
          { key: 'avatars', label: t('profileLib.avatars'), children: <AvatarLibrary /> },
        ]}
      />
    </Card>
  );
}

import {
  AudioOutlined,
  FileOutlined,
  FileTextOutlined,
  LinkOutlined,
  PlaySquareOutlined,
  AppstoreOutlined,
} from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_TYPE, type MaterialItem } from '@cst/shared';
import { imageSrc, localFileSrc } from '../bubbles/media.ts';

const ICONS: Record<number, ReactNode> = {
  [MATERIAL_TYPE.text]: <FileTextOutlined />,
  [MATERIAL_TYPE.video]: <PlaySquareOutlined />,
  [MATERIAL_TYPE.voice]: <AudioOutlined />,
  [MATERIAL_TYPE.document]: <FileOutlined />,
  [MATERIAL_TYPE.link]: <LinkOutlined />,
  [MATERIAL_TYPE.miniProgram]: <AppstoreOutlined />,
};

/** What a row of the library shows as its name: the title, else the text or the file name. */
export function materialLabel(item: MaterialItem): string {
  return item.title || item.content || item.fileName || '';
}

/** A 40 px thumbnail of an item: the picture, or an icon of its type. */
export function MaterialThumb({ item }: { item: MaterialItem }) {
  if (item.type === MATERIAL_TYPE.image && item.thumbUrl) {
    return (
      <img
        className="material-thumb"
        src={imageSrc(item.thumbUrl) ?? undefined}
        alt=""
        width={40}
        height={40}
        loading="lazy"
      />
    );
  }
  return <span className="material-thumb material-thumb-icon">{ICONS[item.type]}</span>;
}

/** The larger preview of an item beside the panel's list. */
export function MaterialPreview({ item }: { item: MaterialItem | undefined }) {
  const { t } = useTranslation();
  if (!item) return <div className="material-preview" />;
  const src = localFileSrc(item.fileUrl);
  let body: ReactNode;
  switch (item.type) {
    case MATERIAL_TYPE.image:
      body = (
        <img src={src ?? undefined} alt={materialLabel(item)} className="material-preview-img" />
      );
      break;
    case MATERIAL_TYPE.video:
      body = (
        <video
          src={src ?? undefined}
          controls
          preload="metadata"
          className="material-preview-img"
        />
      );
      break;
    case MATERIAL_TYPE.voice:
      body = <audio src={src ?? undefined} controls preload="none" />;
      break;
    case MATERIAL_TYPE.link:
    case MATERIAL_TYPE.miniProgram:
      body = (
        <>
          <Typography.Text strong>{item.title}</Typography.Text>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 4 }}>
            {item.card?.description || item.card?.url || item.card?.pagePath}
          </Typography.Paragraph>
        </>
      );
      break;
    default:
      body = (
        <Typography.Paragraph className="material-preview-text">
          {item.type === MATERIAL_TYPE.text ? item.content : item.fileName}
        </Typography.Paragraph>
      );
  }
  return (
    <div className="material-preview" data-testid="material-preview">
      <Typography.Text type="secondary">
        {t(`material.types.${item.type}`)}
        {item.durationMs
          ? ` · ${t('material.duration', { seconds: Math.round(item.durationMs / 1000) })}`
          : ''}
      </Typography.Text>
      {body}
    </div>
  );
}

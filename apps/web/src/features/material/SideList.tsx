import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { Button, Card, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** An entry of a {@link SideList}. */
export interface SideListItem {
  id: string;
  name: string;
  count: number;
  /** A small tag after the name (e.g. "shared"). */
  tag?: string;
  editable?: boolean;
}

/** Props of {@link SideList}. */
export interface SideListProps {
  title: string;
  items: SideListItem[];
  selected: string;
  onSelect: (id: string) => void;
  /** The first entry ('' = everything); omitted when the list has none. */
  allLabel?: string;
  addLabel?: string;
  onAdd?: () => void;
  onRename?: (item: SideListItem) => void;
  onDelete?: (item: SideListItem) => void;
  empty?: ReactNode;
  testId?: string;
}

/** The folder (or group) column beside a library's list: select, add, rename, delete. */
export function SideList(props: SideListProps) {
  const { t } = useTranslation();
  const row = (id: string, label: ReactNode, count: number | null, item?: SideListItem) => (
    <div
      key={id || 'all'}
      role="button"
      tabIndex={0}
      className={`material-folder-row${props.selected === id ? ' material-folder-row-active' : ''}`}
      onClick={() => props.onSelect(id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') props.onSelect(id);
      }}
      data-testid={props.testId ? `${props.testId}-row` : undefined}
    >
      <Typography.Text ellipsis style={{ flex: 1 }}>
        {label}
      </Typography.Text>
      {item && item.editable !== false && (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {props.onRename && (
            <Tooltip title={t('common.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('common.edit')}
                onClick={() => props.onRename?.(item)}
              />
            </Tooltip>
          )}
          {props.onDelete && (
            <Tooltip title={t('common.delete')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => props.onDelete?.(item)}
              />
            </Tooltip>
          )}
        </Space>
      )}
      {count !== null && <Typography.Text type="secondary">{count}</Typography.Text>}
    </div>
  );
  return (
    <Card
      size="small"
      className="material-folders"
      title={props.title}
      data-testid={props.testId}
      extra={
        props.onAdd && (
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={props.onAdd}
            data-testid={props.testId ? `${props.testId}-add` : undefined}
          >
            {props.addLabel}
          </Button>
        )
      }
    >
      {props.allLabel && row('', props.allLabel, null)}
      {props.items.length === 0 && props.empty}
      {props.items.length === 0 && !props.empty && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {props.items.map((it) =>
        row(
          it.id,
          <>
            {it.name}
            {it.tag && (
              <Tag style={{ marginLeft: 6 }} bordered={false}>
                {it.tag}
              </Tag>
            )}
          </>,
          it.count,
          it,
        ),
      )}
    </Card>
  );
}

import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { chipStyle } from './chipStyle.ts';
import type { TagGroupItem, TagItem } from '@cst/shared';
import { useDragOrder } from './useDragOrder.ts';

/** Props of {@link TagGroupCard}. */
export interface TagGroupCardProps {
  group: TagGroupItem;
  /** Drag props of the card in the list of groups. */
  dragProps: object;
  onRename: () => void;
  onDelete: () => void;
  onAddTag: () => void;
  onEditTag: (tag: TagItem) => void;
  onDeleteTag: (tag: TagItem) => void;
  onReorderTags: (ids: string[]) => void;
}

/** One tag group: its name and actions, and its tags (drag to reorder, click to edit). */
export function TagGroupCard(props: TagGroupCardProps) {
  const { t } = useTranslation();
  const { group } = props;
  const drag = useDragOrder(
    `tags-${group.id}`,
    group.tags.map((x) => x.id),
    props.onReorderTags,
  );
  return (
    <Card
      size="small"
      className="tag-group"
      data-testid="tag-group"
      data-name={group.name}
      {...props.dragProps}
      title={
        <Flex align="center" gap={8}>
          <Tooltip title={t('tags.dragHint')}>
            <HolderOutlined className="tag-drag-handle" aria-label={t('tags.dragHint')} />
          </Tooltip>
          <Typography.Text strong ellipsis data-testid="tag-group-title">
            {group.name}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Flex gap={4}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={props.onAddTag}
            data-testid="tag-add"
          >
            {t('tags.addTag')}
          </Button>
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            onClick={props.onRename}
            aria-label={t('tags.renameGroup')}
            data-testid="tag-group-rename"
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={props.onDelete}
            aria-label={t('tags.deleteGroup')}
            data-testid="tag-group-delete"
          />
        </Flex>
      }
    >
      {group.tags.length === 0 ? (
        <Typography.Text type="secondary">{t('tags.emptyGroup')}</Typography.Text>
      ) : (
        <Flex wrap gap={8}>
          {group.tags.map((tag) => (
            <Tag
              key={tag.id}
              style={chipStyle(tag.color)}
              className="tag-item"
              data-testid="tag-item"
              data-name={tag.name}
              {...drag.itemProps(tag.id)}
            >
              <button
                type="button"
                className="tag-item-name"
                onClick={() => props.onEditTag(tag)}
                title={t('tags.editTag')}
              >
                {tag.name}
              </button>
              <span className="tag-item-count" data-testid="tag-count">
                {t('tags.count', { count: tag.count })}
              </span>
              <button
                type="button"
                className="tag-item-delete"
                onClick={() => props.onDeleteTag(tag)}
                aria-label={`${t('tags.deleteTag')} ${tag.name}`}
                data-testid="tag-delete"
              >
                <DeleteOutlined />
              </button>
            </Tag>
          ))}
        </Flex>
      )}
    </Card>
  );
}

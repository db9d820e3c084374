import { Tag } from 'antd';
import { chipStyle } from './chipStyle.ts';
import './tags.css';

/** A tag as widgets show it. */
export interface ChipTag {
  id: string;
  name: string;
  color?: string;
}

/** Props of {@link TagChips}. */
export interface TagChipsProps {
  tags: ChipTag[];
  testId?: string;
}

/** Tags as small coloured chips (names rendered as text). */
export function TagChips({ tags, testId = 'tag-chip' }: TagChipsProps) {
  return (
    <>
      {tags.map((tag) => (
        <Tag
          key={tag.id}
          style={chipStyle(tag.color)}
          bordered={false}
          className="tag-chip"
          data-testid={testId}
        >
          {tag.name}
        </Tag>
      ))}
    </>
  );
}

import type { FilterQuery } from '../../components/listPage/index.ts';
import { TagSelect } from './TagSelect.tsx';

/** The tag ids of a URL filter value (comma-separated). */
export function tagIdsOf(value: string | undefined): string[] | undefined {
  const ids = (value ?? '').split(',').filter(Boolean);
  return ids.length ? ids : undefined;
}

/** Props of {@link TagFilter}. */
export interface TagFilterProps<K extends string> {
  query: FilterQuery<K>;
  name: K;
  placeholder: string;
  width?: number;
  testId?: string;
}

/** A list filter of tags bound to a URL key (ids, comma-separated): rows carrying any of them. */
export function TagFilter<K extends string>(props: TagFilterProps<K>) {
  return (
    <TagSelect
      value={tagIdsOf(props.query.filters[props.name])}
      onChange={(ids) =>
        props.query.setFilters({ [props.name]: ids.join(',') } as Partial<Record<K, string>>)
      }
      placeholder={props.placeholder}
      width={props.width ?? 200}
      testId={props.testId}
    />
  );
}

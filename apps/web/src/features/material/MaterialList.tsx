import { Empty, Input, Select, Spin, type InputRef } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { MaterialItem } from '@cst/shared';
import { materialApi, materialKeys } from './api.ts';
import { MaterialThumb, materialLabel } from './MaterialPreview.tsx';
import { useMaterialItems } from './useMaterialItems.ts';
import './material.css';

/**
 * The state of a browsable material list (folder, type, the typed and the sent keyword, the
 * active row) and its items; the keyword goes to the server a moment after typing stops.
 */
export function useMaterialBrowse(initialType = 0) {
  const [folderId, setFolderId] = useState('');
  const [type, setType] = useState(initialType);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState(0);
  const q = useMaterialItems({ folderId, type, keyword });
  useEffect(() => {
    const id = setTimeout(() => setKeyword(typed.trim()), 200);
    return () => clearTimeout(id);
  }, [typed]);
  useEffect(() => setActive(0), [folderId, type, keyword]);
  return { folderId, setFolderId, type, setType, typed, setTyped, active, setActive, q };
}

/** A material list's state, as {@link useMaterialBrowse} gives it. */
export type MaterialBrowse = ReturnType<typeof useMaterialBrowse>;

/** Props of {@link MaterialFilters}. */
export interface MaterialFiltersProps {
  browse: MaterialBrowse;
  /** The choices of the type filter (0: all types). */
  typeOptions: { value: number; label: string }[];
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  /** Test ids are `${testIdPrefix}-folder`, `-type` and `-search`. */
  testIdPrefix: string;
  /** The search box, for a container that focuses it once it is shown. */
  searchRef?: Ref<InputRef>;
  size?: 'small';
  widths: { folder: number; type: number };
}

/** The folder and type filters and the search box above a material list. */
export function MaterialFilters(props: MaterialFiltersProps) {
  const { browse, typeOptions, onKeyDown, testIdPrefix, size, widths, searchRef } = props;
  const { t } = useTranslation();
  const folders = useQuery({ queryKey: materialKeys.folders, queryFn: materialApi.folders });
  return (
    <div className="material-panel-filters">
      <Select
        size={size}
        value={browse.folderId}
        onChange={browse.setFolderId}
        popupMatchSelectWidth={false}
        options={[
          { value: '', label: t('material.allFolders') },
          ...(folders.data?.list ?? []).map((f) => ({ value: f.id, label: f.name })),
        ]}
        data-testid={`${testIdPrefix}-folder`}
        style={{ width: widths.folder }}
      />
      <Select
        size={size}
        value={browse.type}
        onChange={browse.setType}
        options={typeOptions}
        style={{ width: widths.type }}
        data-testid={`${testIdPrefix}-type`}
      />
      <Input
        ref={searchRef}
        size={size}
        autoFocus
        allowClear
        value={browse.typed}
        onChange={(e) => browse.setTyped(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('material.search')}
        data-testid={`${testIdPrefix}-search`}
      />
    </div>
  );
}

/** How one row of a {@link MaterialList} shows. */
export interface MaterialRowLook {
  selected: boolean;
  disabled?: boolean;
  ariaDisabled?: boolean;
  /** Shown before the thumbnail (a checkbox). */
  before?: ReactNode;
  /** Appended to the type under the label. */
  note?: string;
}

/** Props of {@link MaterialList}. */
export interface MaterialListProps {
  browse: MaterialBrowse;
  onClick: (item: MaterialItem) => void;
  look: (item: MaterialItem, index: number) => MaterialRowLook;
  rowTestId: string;
  listRef?: Ref<VirtuosoHandle>;
}

/** The virtualised items of a material list, loading more at the end; hovering makes a row active. */
export function MaterialList({ browse, onClick, look, rowTestId, listRef }: MaterialListProps) {
  const { t } = useTranslation();
  const { q, active, setActive } = browse;
  return (
    <div className="material-panel-list">
      {q.isLoading ? (
        <Spin />
      ) : q.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('material.noMatch')} />
      ) : (
        <Virtuoso
          ref={listRef}
          data={q.items}
          style={{ height: '100%' }}
          endReached={() => {
            if (q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
          }}
          itemContent={(i, item) => {
            const row = look(item, i);
            return (
              <button
                type="button"
                className={`material-row${i === active ? ' material-row-active' : ''}`}
                onMouseEnter={() => setActive(i)}
                onClick={() => onClick(item)}
                disabled={row.disabled}
                aria-disabled={row.ariaDisabled}
                aria-selected={row.selected}
                data-testid={rowTestId}
              >
                {row.before}
                <MaterialThumb item={item} />
                <span className="material-row-text">
                  <span className="material-row-label">{materialLabel(item)}</span>
                  <span className="material-row-type">
                    {t(`material.types.${item.type}`)}
                    {row.note ? ` · ${row.note}` : ''}
                  </span>
                </span>
              </button>
            );
          }}
        />
      )}
    </div>
  );
}

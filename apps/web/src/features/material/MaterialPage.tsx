import { App } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MATERIAL_TYPES,
  materialFolderAddBody,
  type MaterialFolderItem,
  type MaterialItem,
  type MaterialListBody,
} from '@cst/shared';
import {
  ConfirmWordModal,
  EmptyState,
  ListScreen,
  useListPage,
} from '../../components/listPage/index.ts';
import { AddMaterialModal, EditMaterialModal, type AddKind } from './AddMaterialModal.tsx';
import { materialApi, materialKeys } from './api.ts';
import { MaterialThumb, materialLabel } from './MaterialPreview.tsx';
import { NameDialog } from './NameDialog.tsx';
import { SideList, type SideListItem } from './SideList.tsx';
import { UploadButtons } from './UploadButtons.tsx';
import './material.css';

type FolderDialog = { kind: 'add' } | { kind: 'rename'; folder: SideListItem } | null;

function sizeOf(m: MaterialItem): string {
  if (m.width && m.height) return `${m.width}×${m.height}`;
  if (m.size) return `${Math.max(1, Math.round(m.size / 1024))} KB`;
  return '';
}

/**
 * The material library (/settings/material): folders on the left, the folder's items on the
 * right (by type and keyword), uploads checked by the server against SPEC §5, typed-in texts,
 * links and mini-programs.
 */
export function MaterialPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const folders = useQuery({ queryKey: materialKeys.folders, queryFn: materialApi.folders });
  const [folderDialog, setFolderDialog] = useState<FolderDialog>(null);
  const [deleting, setDeleting] = useState<SideListItem | null>(null);
  const [adding, setAdding] = useState<AddKind | null>(null);
  const [editing, setEditing] = useState<MaterialItem | null>(null);
  const refreshAll = () => client.invalidateQueries({ queryKey: materialKeys.all });

  const page = useListPage({
    key: materialKeys.items,
    refreshKey: materialKeys.all,
    frame: { title: 'material.title', testId: 'material-page' },
    fetch: (p) =>
      materialApi.list({
        page: p.page,
        pageSize: p.pageSize,
        folderId: p.folderId || undefined,
        keyword: p.keyword || undefined,
        type: (p.type ? Number(p.type) : undefined) as MaterialListBody['type'],
      }),
    rowKey: 'id',
    filters: [
      { kind: 'custom', names: ['folderId'] },
      {
        kind: 'select',
        name: 'type',
        placeholder: 'material.allTypes',
        options: MATERIAL_TYPES.map((x) => ({ value: String(x), label: t(`material.types.${x}`) })),
      },
      {
        kind: 'search',
        name: 'keyword',
        placeholder: 'material.search',
        testId: 'material-search',
      },
    ],
    empty: { title: 'material.empty', hint: 'material.emptyHint' },
    columns: [
      {
        kind: 'render',
        key: 'preview',
        title: 'material.preview',
        width: 360,
        render: (m) => (
          <span className="material-row" style={{ cursor: 'default', padding: 0 }}>
            <MaterialThumb item={m} />
            <span className="material-row-text">{materialLabel(m)}</span>
          </span>
        ),
      },
      {
        kind: 'text',
        title: 'material.type',
        field: 'type',
        width: 100,
        format: (m) => t(`material.types.${m.type}`),
      },
      {
        kind: 'text',
        title: 'material.size',
        field: 'size',
        width: 120,
        format: sizeOf,
        dash: true,
      },
      { kind: 'time', title: 'material.createdAt', field: 'createdAt', width: 180 },
      {
        kind: 'actions',
        width: 140,
        edit: setEditing,
        remove: {
          target: materialLabel,
          run: (m) => materialApi.remove([m.id]).then(refreshAll),
        },
      },
    ],
  });
  const folderId = page.query.filters.folderId ?? '';
  const list: SideListItem[] = (folders.data?.list ?? []).map((f: MaterialFolderItem) => ({
    ...f,
  }));
  const noFolders = folders.isSuccess && list.length === 0;

  return (
    <div className="material-page">
      <SideList
        title={t('material.folders')}
        items={list}
        selected={folderId}
        onSelect={(id) => page.query.setFilters({ folderId: id || undefined })}
        allLabel={t('material.allFolders')}
        addLabel={t('material.addFolder')}
        onAdd={() => setFolderDialog({ kind: 'add' })}
        onRename={(folder) => setFolderDialog({ kind: 'rename', folder })}
        onDelete={setDeleting}
        empty={<EmptyState title={t('material.noFolders')} hint={t('material.noFoldersHint')} />}
        testId="material-folders"
      />
      <div className="material-main">
        <ListScreen
          page={page}
          notice={
            noFolders ? undefined : (
              <UploadButtons
                folderId={folderId}
                onUploaded={() => void refreshAll()}
                onAdd={setAdding}
              />
            )
          }
        >
          <AddMaterialModal
            kind={adding}
            folderId={folderId}
            onClose={(saved) => {
              setAdding(null);
              if (saved) void refreshAll();
            }}
          />
          <EditMaterialModal
            item={editing}
            onClose={(saved) => {
              setEditing(null);
              if (saved) void refreshAll();
            }}
          />
        </ListScreen>
      </div>
      <NameDialog
        key={folderDialog?.kind === 'rename' ? folderDialog.folder.id : 'add'}
        open={folderDialog !== null}
        title={t(folderDialog?.kind === 'rename' ? 'material.renameFolder' : 'material.addFolder')}
        label={t('material.folderName')}
        initial={folderDialog?.kind === 'rename' ? folderDialog.folder.name : ''}
        schema={materialFolderAddBody.shape.name}
        onSubmit={async (name) => {
          if (folderDialog?.kind === 'rename') {
            await materialApi.renameFolder(folderDialog.folder.id, name);
          } else {
            const r = await materialApi.addFolder(name);
            page.query.setFilters({ folderId: r.id });
          }
          void message.success(t('material.saved'));
        }}
        onClose={(saved) => {
          setFolderDialog(null);
          if (saved) void refreshAll();
        }}
        testId="material-folder-name"
      />
      <ConfirmWordModal
        open={deleting !== null}
        title={t('material.deleteFolder')}
        word="del"
        danger
        hint={t('material.deleteFolderHint', { name: deleting?.name, count: deleting?.count })}
        onConfirm={async () => {
          if (!deleting) return;
          await materialApi.deleteFolder(deleting.id);
          void message.success(t('material.deleted'));
          if (folderId === deleting.id) page.query.setFilters({ folderId: undefined });
          setDeleting(null);
          await refreshAll();
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

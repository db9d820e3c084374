import FolderOpenOutlined from '@ant-design/icons/es/icons/FolderOpenOutlined';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_READ_PERMISSIONS, type MaterialItem, type MaterialType } from '@cst/shared';
import { useCanAny } from '../../lib/session/sessionStore.ts';
import { rememberMaterial, rememberedMaterial } from './materialCache.ts';
import { MaterialPicker } from './MaterialPicker.tsx';
import { MaterialThumb, materialLabel } from './MaterialPreview.tsx';

/** Props of {@link PickMaterialButton}. */
export interface PickMaterialButtonProps {
  types: readonly MaterialType[];
  /** Room left in the target (the button is disabled at 0). */
  max: number;
  onPick: (items: MaterialItem[]) => void;
  testId?: string;
}

/**
 * "从素材库选择": opens the {@link MaterialPicker} and hands back the chosen items. Not shown to a
 * role that may not read the library.
 */
export function PickMaterialButton({ types, max, onPick, testId }: PickMaterialButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const allowed = useCanAny(MATERIAL_READ_PERMISSIONS);
  if (!allowed) return null;
  return (
    <>
      <Button
        icon={<FolderOpenOutlined />}
        disabled={max <= 0}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {t('material.picker.open')}
      </Button>
      <MaterialPicker
        open={open}
        types={types}
        max={Math.max(1, max)}
        onClose={() => setOpen(false)}
        onPick={(items) => {
          setOpen(false);
          rememberMaterial(items);
          onPick(items);
        }}
      />
    </>
  );
}

/** A message of a form that is an item of the library: its thumbnail, name and type. */
export function MaterialRefView({ materialId }: { materialId: string }) {
  const { t } = useTranslation();
  const item = rememberedMaterial(materialId);
  return (
    <Flex gap={8} align="center" data-testid="material-ref">
      <Tag color="blue">{t('material.picker.item')}</Tag>
      {item ? (
        <>
          <MaterialThumb item={item} />
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>
            {materialLabel(item)}
          </Typography.Text>
          <Typography.Text type="secondary">{t(`material.types.${item.type}`)}</Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">{t('material.picker.itemGone')}</Typography.Text>
      )}
    </Flex>
  );
}

import { Checkbox, Modal, Typography } from 'antd';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaterialItem, MaterialType } from '@cst/shared';
import {
  MaterialFilters,
  MaterialList,
  useMaterialBrowse,
  type MaterialRowLook,
} from './MaterialList.tsx';
import { MaterialPreview } from './MaterialPreview.tsx';
import './material.css';

/** Props of {@link MaterialPicker}. */
export interface MaterialPickerProps {
  open: boolean;
  /** The material types the target takes; others are shown but cannot be chosen. */
  types: readonly MaterialType[];
  /** How many items may be chosen (the target's room left). */
  max: number;
  onPick: (items: MaterialItem[]) => void;
  onClose: () => void;
}

/**
 * The choice after a click on an item: ticks it while there is room (one allowed: replaces the
 * choice), unticks a ticked one; items of types the target does not take are never chosen.
 */
export function toggleChosen(
  chosen: readonly MaterialItem[],
  item: MaterialItem,
  types: readonly MaterialType[],
  max: number,
): MaterialItem[] {
  if (!types.includes(item.type as MaterialType)) return [...chosen];
  if (chosen.some((c) => c.id === item.id)) return chosen.filter((c) => c.id !== item.id);
  if (max === 1) return [item];
  return chosen.length < max ? [...chosen, item] : [...chosen];
}

/** The list, filters and preview, mounted only while the dialog is open. */
function PickerBody({ types, max, onPick }: Omit<MaterialPickerProps, 'open' | 'onClose'>) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<MaterialItem[]>([]);
  const browse = useMaterialBrowse(types.length === 1 ? types[0]! : 0);
  const { q, active, setActive } = browse;

  useEffect(() => onPick(chosen), [chosen, onPick]);

  const allowed = (item: MaterialItem) => types.includes(item.type as MaterialType);
  const isChosen = (item: MaterialItem) => chosen.some((c) => c.id === item.id);
  const toggle = (item: MaterialItem | undefined) => {
    if (item) setChosen((c) => toggleChosen(c, item, types, max));
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(q.items.length - 1, a + 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Enter' && !e.nativeEvent.isComposing) toggle(q.items[active]);
    else return;
    e.preventDefault();
  };
  const look = (item: MaterialItem): MaterialRowLook => {
    const ok = allowed(item);
    const on = isChosen(item);
    const full = !on && max > 1 && chosen.length >= max;
    return {
      selected: on,
      disabled: !ok,
      ariaDisabled: !ok || full,
      before: <Checkbox checked={on} disabled={!ok || full} tabIndex={-1} />,
      note: ok ? undefined : t('material.picker.notHere'),
    };
  };

  return (
    <div className="material-picker" data-testid="material-picker">
      <MaterialFilters
        browse={browse}
        widths={{ folder: 160, type: 120 }}
        typeOptions={[
          ...(types.length > 1 ? [{ value: 0, label: t('material.allTypes') }] : []),
          ...types.map((x) => ({ value: x, label: t(`material.types.${x}`) })),
        ]}
        onKeyDown={handleKeyDown}
        testIdPrefix="material-picker"
      />
      <div className="material-panel-main material-picker-main">
        <MaterialList
          browse={browse}
          onClick={toggle}
          look={look}
          rowTestId="material-picker-row"
        />
        <MaterialPreview item={q.items[active]} />
      </div>
      <Typography.Text
        type="secondary"
        className="material-panel-hint"
        data-testid="material-picker-count"
      >
        {t('material.picker.chosen', { n: chosen.length, max })}
      </Typography.Text>
    </div>
  );
}

/**
 * "从素材库选择": a dialog over the library (folder, type, search, preview) where up to `max`
 * items of the allowed types are chosen. Used by the greeting, keyword-reply and mass-send forms
 * and by the moment composer; the server turns each chosen item into content of its type.
 */
export function MaterialPicker({ open, types, max, onPick, onClose }: MaterialPickerProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<MaterialItem[]>([]);
  return (
    <Modal
      open={open}
      title={t('material.picker.title')}
      width={720}
      destroyOnHidden
      onCancel={onClose}
      okText={t('material.picker.ok', { n: chosen.length })}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={() => {
        onPick(chosen);
        setChosen([]);
      }}
      afterClose={() => setChosen([])}
    >
      <PickerBody types={types} max={max} onPick={setChosen} />
    </Modal>
  );
}

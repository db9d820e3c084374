import { MATERIAL_TYPE } from '@cst/shared';
import {
  registerMomentMaterialPicker,
  type MomentMaterialPicker as PickerType,
  type PickedMedia,
} from '../moments/MomentMediaPicker.tsx';
import { MaterialPicker } from './MaterialPicker.tsx';
import { materialLabel } from './MaterialPreview.tsx';

/**
 * The moment composer's "从素材库选择": pictures or a video of the library. The post names the
 * items (`materialId`); the server posts their stored files.
 */
export const MomentMaterialPicker: PickerType = ({ kind, max, open, onPick, onClose }) => (
  <MaterialPicker
    open={open}
    types={[kind === 'image' ? MATERIAL_TYPE.image : MATERIAL_TYPE.video]}
    max={max}
    onClose={onClose}
    onPick={(items) =>
      onPick(
        items.map((item): PickedMedia => {
          const picked: PickedMedia = {
            fileUrl: item.fileUrl ?? '',
            kind,
            name: materialLabel(item),
            materialId: item.id,
          };
          if (item.durationMs !== null) picked.durationMs = item.durationMs;
          return picked;
        }),
      )
    }
  />
);

registerMomentMaterialPicker(MomentMaterialPicker);

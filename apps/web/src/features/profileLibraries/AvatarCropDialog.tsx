import { InputNumber, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_DEFAULT_PX, AVATAR_MAX_PX, AVATAR_MIN_PX } from '@cst/shared';
import { centredCrop, clampCrop, renderCrop, type CropArea } from './cropAvatar.ts';

const VIEW = 280;

/** Props of {@link AvatarCropDialog}. */
export interface AvatarCropDialogProps {
  file: File | null;
  /** Which of several picked pictures this is (the title says 1/3), or null for one. */
  position?: { n: number; of: number } | null;
  onDone: (jpeg: Blob) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Crops a jpg into a square avatar: drag to place, zoom, and an output size of 200–400 px
 * (default 300); the result is a JPEG the server keeps at 72 DPI.
 */
export function AvatarCropDialog({ file, position, onDone, onClose }: AvatarCropDialogProps) {
  const { t } = useTranslation();
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [size, setSize] = useState(AVATAR_DEFAULT_PX);
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ x: number; y: number; area: CropArea } | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      setImg(image);
      setZoom(1);
      setArea(centredCrop(image.naturalWidth, image.naturalHeight));
    };
    image.src = url;
    return () => {
      URL.revokeObjectURL(url);
      setImg(null);
      setArea(null);
    };
  }, [file]);

  const applyZoom = (z: number) => {
    if (!img || !area) return;
    const next = centredCrop(img.naturalWidth, img.naturalHeight, z);
    const cx = area.x + area.side / 2;
    const cy = area.y + area.side / 2;
    setZoom(z);
    setArea(
      clampCrop(
        { side: next.side, x: cx - next.side / 2, y: cy - next.side / 2 },
        img.naturalWidth,
        img.naturalHeight,
      ),
    );
  };
  const handlePointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!area) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, area };
  };
  const handlePointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !img) return;
    const scale = d.area.side / VIEW;
    setArea(
      clampCrop(
        {
          side: d.area.side,
          x: d.area.x - (e.clientX - d.x) * scale,
          y: d.area.y - (e.clientY - d.y) * scale,
        },
        img.naturalWidth,
        img.naturalHeight,
      ),
    );
  };

  const scale = area ? VIEW / area.side : 1;
  return (
    <Modal
      open={file !== null}
      title={
        position
          ? t('profileLib.cropTitleOf', { n: position.n, of: position.of })
          : t('profileLib.cropTitle')
      }
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: !img, 'data-testid': 'avatar-crop-ok' }}
      onOk={async () => {
        if (!img || !area) return;
        setBusy(true);
        try {
          await onDone(await renderCrop(img, area, size));
          onClose();
        } catch {
          // The client showed the server's reason.
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} align="center">
        <div
          className="avatar-crop-view"
          style={{ width: VIEW, height: VIEW }}
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={() => (drag.current = null)}
          data-testid="avatar-crop-view"
        >
          {img && area && (
            <img
              src={img.src}
              alt=""
              draggable={false}
              style={{
                width: img.naturalWidth * scale,
                height: img.naturalHeight * scale,
                transform: `translate(${-area.x * scale}px, ${-area.y * scale}px)`,
              }}
            />
          )}
        </div>
        <Typography.Text type="secondary">{t('profileLib.cropHint')}</Typography.Text>
        <Space>
          {t('profileLib.zoom')}
          <input
            type="range"
            min={1}
            max={4}
            step={0.05}
            value={zoom}
            onChange={(e) => applyZoom(Number(e.target.value))}
            aria-label={t('profileLib.zoom')}
            style={{ width: 180 }}
            data-testid="avatar-crop-zoom"
          />
        </Space>
        <Space>
          {t('profileLib.cropSize')}
          <InputNumber
            min={AVATAR_MIN_PX}
            max={AVATAR_MAX_PX}
            value={size}
            onChange={(v) => setSize(v ?? AVATAR_DEFAULT_PX)}
            addonAfter="px"
            data-testid="avatar-crop-size"
          />
        </Space>
      </Space>
    </Modal>
  );
}

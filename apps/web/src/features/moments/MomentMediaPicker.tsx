import { App, Button, Flex, Image, Spin, Upload } from 'antd';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import FolderOpenOutlined from '@ant-design/icons/es/icons/FolderOpenOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MATERIAL_READ_PERMISSIONS,
  MOMENT_IMAGE_MAX_BYTES,
  MOMENT_MAX_IMAGES,
  MOMENT_VIDEO_MAX_BYTES,
} from '@cst/shared';
import { useCanAny } from '../../lib/session/sessionStore.ts';
import { imageSrc, localFileSrc } from '../bubbles/media.ts';
import { UploadError, uploadChatFile } from '../media/upload.ts';

/** A picture or video of the post being written. */
export interface PickedMedia {
  fileUrl: string;
  kind: 'image' | 'video';
  name: string;
  durationMs?: number;
  /** The item of the material library it was chosen from (the server reads its file). */
  materialId?: string;
}

/**
 * The seam where the material library (issue 18 §1) plugs in: a dialog that hands back files
 * already stored for the tenant. Registered by the library's feature with
 * {@link registerMomentMaterialPicker}; while none is registered the button is not shown.
 */
export type MomentMaterialPicker = ComponentType<{
  kind: 'image' | 'video';
  /** How many more files may be picked. */
  max: number;
  open: boolean;
  onPick: (files: PickedMedia[]) => void;
  onClose: () => void;
}>;

let materialPicker: MomentMaterialPicker | null = null;

/** Lets the material library offer its files in the moment composer. */
export function registerMomentMaterialPicker(picker: MomentMaterialPicker): void {
  materialPicker = picker;
}

/** The length of a video file as the browser reads it (undefined when it cannot). */
function videoDuration(file: File): Promise<number | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const v = document.createElement('video');
    v.preload = 'metadata';
    v.onloadedmetadata = () => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(v.duration) ? Math.round(v.duration * 1000) : undefined);
    };
    v.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(undefined);
    };
    v.src = url;
  });
}

/** Props of {@link MomentMediaPicker}. */
export interface MomentMediaPickerProps {
  kind: 'image' | 'video';
  value?: PickedMedia[];
  onChange?: (v: PickedMedia[]) => void;
}

/** Pictures (up to 9, 5 MB each) or one video (10 MB) of a post, uploaded as they are chosen. */
export function MomentMediaPicker({ kind, value = [], onChange }: MomentMediaPickerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(0);
  const [picking, setPicking] = useState(false);
  // Several uploads finish one after the other before the form re-renders: each adds to the
  // latest list, not to the one this render saw.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const max = kind === 'image' ? MOMENT_MAX_IMAGES : 1;
  const left = max - value.length - busy;
  // The library's button only for a role that may read it.
  const Picker = useCanAny(MATERIAL_READ_PERMISSIONS) ? materialPicker : null;

  /** Uploads one file; null (with a message) when it is refused or fails. */
  const uploadOne = async (file: File): Promise<PickedMedia | null> => {
    if (kind === 'image' && file.size > MOMENT_IMAGE_MAX_BYTES) {
      message.error(t('moments.post.imageTooLarge'));
      return null;
    }
    if (kind === 'video' && file.size > MOMENT_VIDEO_MAX_BYTES) {
      message.error(t('moments.post.videoTooLarge'));
      return null;
    }
    try {
      const durationMs = kind === 'video' ? await videoDuration(file) : undefined;
      const up = await uploadChatFile(file, 'moments', 'post');
      const picked: PickedMedia = { fileUrl: up.url, kind, name: file.name };
      if (durationMs !== undefined) picked.durationMs = durationMs;
      return picked;
    } catch (err) {
      message.error(
        err instanceof UploadError && err.detail ? err.detail : t('media.uploadFailed'),
      );
      return null;
    }
  };

  // The files of one pick upload side by side but join the post in the order they were picked,
  // whichever upload finishes first.
  const handleFiles = async (files: File[]) => {
    setBusy((n) => n + files.length);
    try {
      const done = await Promise.all(files.map(uploadOne));
      const picked = done.filter((m): m is PickedMedia => m !== null);
      latest.current = [...latest.current, ...picked].slice(0, max);
      onChange?.(latest.current);
    } finally {
      setBusy((n) => n - files.length);
    }
  };

  return (
    <Flex wrap gap={8} align="center" data-testid={`moment-media-${kind}`}>
      {value.map((m, i) => (
        <div key={m.fileUrl} className="moment-media-thumb">
          {m.kind === 'image' ? (
            <Image src={imageSrc(m.fileUrl) ?? undefined} width={88} height={88} alt={m.name} />
          ) : (
            <video src={localFileSrc(m.fileUrl) ?? undefined} width={160} height={88} controls />
          )}
          <Button
            size="small"
            shape="circle"
            icon={<CloseOutlined />}
            aria-label={t('moments.post.remove')}
            className="moment-media-remove"
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {busy > 0 && <Spin size="small" aria-label={t('moments.post.uploading')} />}
      {left > 0 && (
        <Upload
          accept={
            kind === 'image'
              ? 'image/jpeg,image/png,image/gif,image/webp'
              : 'video/mp4,video/webm,video/quicktime'
          }
          multiple={kind === 'image'}
          showUploadList={false}
          beforeUpload={(file, list) => {
            // Called once per file of the pick: the first call takes the whole pick, in order.
            if (file === list[0]) {
              if (list.length > left) message.warning(t('moments.post.tooManyImages'));
              void handleFiles(list.slice(0, left));
            }
            return false;
          }}
        >
          <Button icon={<PlusOutlined />} data-testid={`moment-upload-${kind}`}>
            {t(kind === 'image' ? 'moments.post.addImages' : 'moments.post.addVideo')}
          </Button>
        </Upload>
      )}
      {Picker && left > 0 && (
        <>
          <Button icon={<FolderOpenOutlined />} onClick={() => setPicking(true)}>
            {t('moments.post.fromMaterial')}
          </Button>
          <Picker
            kind={kind}
            max={left}
            open={picking}
            onClose={() => setPicking(false)}
            onPick={(files) => {
              setPicking(false);
              onChange?.([...value, ...files].slice(0, max));
            }}
          />
        </>
      )}
    </Flex>
  );
}

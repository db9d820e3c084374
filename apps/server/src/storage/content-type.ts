/** The family of a stored file. */
export type FileKind = 'image' | 'video' | 'audio' | 'document';

/** A type detected from the bytes. */
export interface DetectedType {
  mime: string;
  kind: FileKind;
  /** The usual extension, with the dot. */
  ext: string;
}

const ascii = (b: Buffer, at: number, s: string) =>
  b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;
const bytes = (b: Buffer, at: number, xs: number[]) =>
  b.length >= at + xs.length && xs.every((x, i) => b[at + i] === x);

const OFFICE_ZIP: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};
const OFFICE_OLE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** The lower-case extension of a name, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Whether bytes look like text: no NUL and valid UTF-8 (a cut character at the end is fine). */
function isText(b: Buffer, complete: boolean): boolean {
  if (b.length === 0) return false;
  if (b.includes(0)) return false;
  let body = b;
  if (!complete) {
    // Drop a multi-byte character cut by the end of the head.
    let i = b.length - 1;
    let back = 0;
    while (i >= 0 && back < 3 && (b[i]! & 0xc0) === 0x80) {
      i -= 1;
      back += 1;
    }
    if (i >= 0 && b[i]! >= 0xc0) body = b.subarray(0, i);
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return false;
  }
  // Mostly printable: control characters other than tab, newline, return, form feed are rare.
  let control = 0;
  for (const c of body) if (c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control += 1;
  return control <= body.length / 100;
}

/**
 * What the tracks of a WebM head hold, from their CodecID elements (id 0x86, a one-byte size,
 * then `V_…` or `A_…`): 'video' when any track is video, 'audio' when all found are audio, null
 * when the head shows none (the file is then taken as video, as WebM usually is).
 */
function webmTracks(head: Buffer): 'video' | 'audio' | null {
  let audio = false;
  for (let i = 0; i + 4 < head.length; i++) {
    if (head[i] !== 0x86 || !(head[i + 1]! & 0x80)) continue;
    const n = head[i + 1]! & 0x7f;
    if (n < 3 || n > 32 || i + 2 + n > head.length) continue;
    const codec = head.toString('latin1', i + 2, i + 2 + n);
    if (!/^[AV]_[A-Z0-9][A-Z0-9/._-]*$/.test(codec)) continue;
    if (codec.startsWith('V_')) return 'video';
    audio = true;
  }
  return audio ? 'audio' : null;
}

/**
 * The type of a file from its first bytes (magic numbers), never from its name; the name only picks
 * between formats that share a container (office files in zip or OLE). Null when not allowed.
 * `complete` says the head is the whole file.
 */
export function detectType(head: Buffer, name = '', complete = false): DetectedType | null {
  const ext = extensionOf(name);
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: 'image/png', kind: 'image', ext: '.png' };
  }
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', kind: 'image', ext: '.jpg' };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) {
    return { mime: 'image/gif', kind: 'image', ext: '.gif' };
  }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) {
    return { mime: 'image/webp', kind: 'image', ext: '.webp' };
  }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) {
    return { mime: 'audio/wav', kind: 'audio', ext: '.wav' };
  }
  if (ascii(head, 4, 'ftyp')) {
    const brand = head.toString('latin1', 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ')
      return { mime: 'audio/mp4', kind: 'audio', ext: '.m4a' };
    if (brand === 'qt  ') return { mime: 'video/quicktime', kind: 'video', ext: '.mov' };
    if (/^(heic|heix|mif1|msf1|avif)$/.test(brand)) return null;
    return { mime: 'video/mp4', kind: 'video', ext: '.mp4' };
  }
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) {
    if (!head.subarray(0, 64).includes(Buffer.from('webm'))) return null;
    // A browser's voice recording (MediaRecorder, audio/webm;codecs=opus) has one audio track.
    return webmTracks(head) === 'audio'
      ? { mime: 'audio/webm', kind: 'audio', ext: '.webm' }
      : { mime: 'video/webm', kind: 'video', ext: '.webm' };
  }
  if (ascii(head, 0, 'OggS')) {
    return head.subarray(0, 128).includes(Buffer.from('theora'))
      ? { mime: 'video/ogg', kind: 'video', ext: '.ogv' }
      : { mime: 'audio/ogg', kind: 'audio', ext: '.ogg' };
  }
  if (ascii(head, 0, 'ID3')) return { mime: 'audio/mpeg', kind: 'audio', ext: '.mp3' };
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe6) === 0xe2) {
    // MPEG audio frame sync with layer III.
    return { mime: 'audio/mpeg', kind: 'audio', ext: '.mp3' };
  }
  if (ascii(head, 0, '#!AMR-WB\n')) return { mime: 'audio/amr-wb', kind: 'audio', ext: '.amr' };
  if (ascii(head, 0, '#!AMR\n')) return { mime: 'audio/amr', kind: 'audio', ext: '.amr' };
  if (ascii(head, 0, '#!SILK_V3') || ascii(head, 1, '#!SILK_V3')) {
    return { mime: 'audio/silk', kind: 'audio', ext: '.silk' };
  }
  if (ascii(head, 0, '%PDF-')) return { mime: 'application/pdf', kind: 'document', ext: '.pdf' };
  if (ascii(head, 0, 'PK\x03\x04') || ascii(head, 0, 'PK\x05\x06')) {
    const office = OFFICE_ZIP[ext];
    return office
      ? { mime: office, kind: 'document', ext: `.${ext}` }
      : { mime: 'application/zip', kind: 'document', ext: '.zip' };
  }
  if (bytes(head, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const office = OFFICE_OLE[ext];
    return office
      ? { mime: office, kind: 'document', ext: `.${ext}` }
      : { mime: 'application/x-ole-storage', kind: 'document', ext: '.bin' };
  }
  if (isText(head, complete))
    return { mime: 'text/plain; charset=utf-8', kind: 'document', ext: '.txt' };
  return null;
}

/** The types a known extension may hold; an extension not listed here may hold any allowed type. */
const EXTENSION_TYPES: Record<string, string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  jfif: ['image/jpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  mp4: ['video/mp4', 'video/quicktime'],
  m4v: ['video/mp4', 'video/quicktime'],
  mov: ['video/quicktime', 'video/mp4'],
  webm: ['video/webm', 'audio/webm'],
  weba: ['audio/webm'],
  ogv: ['video/ogg', 'audio/ogg'],
  ogg: ['audio/ogg', 'video/ogg'],
  oga: ['audio/ogg'],
  opus: ['audio/ogg'],
  mp3: ['audio/mpeg'],
  wav: ['audio/wav'],
  amr: ['audio/amr', 'audio/amr-wb'],
  m4a: ['audio/mp4', 'video/mp4'],
  silk: ['audio/silk'],
  pdf: ['application/pdf'],
  zip: ['application/zip'],
  txt: ['text/plain; charset=utf-8'],
  csv: ['text/plain; charset=utf-8'],
  log: ['text/plain; charset=utf-8'],
  md: ['text/plain; charset=utf-8'],
  json: ['text/plain; charset=utf-8'],
  ...Object.fromEntries(Object.entries(OFFICE_ZIP).map(([e, m]) => [e, [m]])),
  ...Object.fromEntries(Object.entries(OFFICE_OLE).map(([e, m]) => [e, [m]])),
};

/** Whether a name's extension agrees with the detected type (unknown extensions agree). */
export function extensionMatches(name: string, detected: DetectedType): boolean {
  const allowed = EXTENSION_TYPES[extensionOf(name)];
  return !allowed || allowed.includes(detected.mime);
}

import { describe, expect, it } from 'vitest';
import { progressOf } from './BulkTaskProgress.tsx';
import { idsOfList } from './TargetFields.tsx';
import { blankMessage } from './MessagesEditor.tsx';

describe('a pasted or uploaded list', () => {
  it('splits on lines, spaces and commas (also full-width), drops blanks and repeats', () => {
    expect(idsOfList('wxid_a\nwxid_b, wxid_c，wxid_a\r\n\n wxid_d;wxid_e')).toEqual([
      'wxid_a',
      'wxid_b',
      'wxid_c',
      'wxid_d',
      'wxid_e',
    ]);
    expect(idsOfList(undefined)).toEqual([]);
  });
});

describe('task progress', () => {
  it('counts the sends the platform answered, of all', () => {
    expect(progressOf({ total: 12, pending: 8 })).toEqual({ done: 4, percent: 33 });
    expect(progressOf({ total: 0, pending: 0 })).toEqual({ done: 0, percent: 0 });
  });
});

describe('a new message', () => {
  it('starts empty in the shape of its kind', () => {
    expect(blankMessage('text')).toEqual({ kind: 'text', content: '' });
    expect(blankMessage('image')).toEqual({ kind: 'image', fileUrl: '' });
    expect(blankMessage('miniProgram')).toMatchObject({ kind: 'miniProgram', appId: '' });
  });
});

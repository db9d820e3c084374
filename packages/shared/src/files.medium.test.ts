import { describe, expect, it } from 'vitest';
import { mediumAddressOf } from './files.ts';

describe('mediumAddressOf', () => {
  it('swaps a stored picture for its medium variant, keeping a query', () => {
    expect(mediumAddressOf('/oss-api/t/1/u/2/a.png')).toBe('/oss-api/t/1/u/2/a.png.medium.jpg');
    expect(mediumAddressOf('/oss-api/t/1/u/2/a.png?download=1')).toBe(
      '/oss-api/t/1/u/2/a.png.medium.jpg?download=1',
    );
  });

  it('asks a chat file download for the medium picture', () => {
    expect(mediumAddressOf('/api/v1/download/user-chat-file?cr_id=5')).toBe(
      '/api/v1/download/user-chat-file?cr_id=5&medium=1',
    );
    expect(mediumAddressOf('/api/v1/download/user-chat-file?cr_id=5&source=cdn')).toBe(
      '/api/v1/download/user-chat-file?cr_id=5&source=cdn&medium=1',
    );
  });

  it('leaves variants and other addresses as they are', () => {
    for (const url of [
      '/oss-api/t/1/u/2/a.png.thumb.jpg',
      '/oss-api/t/1/u/2/a.png.medium.jpg',
      '/api/v1/download/user-chat-file?cr_id=5&thumb=1',
      '/api/v1/download/user-chat-file?cr_id=5&medium=1',
      'https://example.com/a.png',
      '/api/v1/image-proxy?url=x',
    ]) {
      expect(mediumAddressOf(url)).toBe(url);
    }
  });
});

// The files module's front door: stored files by key or message, the upload service and its
// multipart parsing, and where uploads live on disk.
export { fileByKey, fileOfMessage, type StoredFileRow } from './files.repository.ts';
export {
  FilesService,
  keyOfUrl,
  malformedAsInvalid,
  tenantOfKey,
  uploadDir,
} from './files.service.ts';
export { withMultipart } from './multipart.ts';

// The emoticons module's front door: the emoticon service and the system set's pictures.
export { EmoticonsService } from './emoticons.service.ts';
export { systemCodeOfUrl, systemEmoticonPng } from './system-set.ts';

// The sensitive-words module's front door: the text of a message that the words are checked in.
export { textOf } from './sensitive.service.ts';

// The material module's front door: material turned into the messages it sends.
export {
  type ContentMessage,
  materialForUse,
  resolveMaterialMessages,
} from './material-content.ts';

// The tags module's front door: tags by id, tag links, and the contacts and groups a tag reaches.
export {
  addLinks,
  contactsOfTargets,
  groupsWithTags,
  removeLinks,
  tagsByIds,
} from './tags.repository.ts';
export { TagsService } from './tags.service.ts';

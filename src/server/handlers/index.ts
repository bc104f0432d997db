import type { Resource } from '../../contract/resources.js';
import type { HandlersOf } from '../types.js';

const editing = () => import('./editing.js').then((m) => m.editingHandlers);
const sites = () => import('./sites.js').then((m) => m.siteHandlers);
const spaces = () => import('./spaces.js');

/**
 * Each resource's handlers, imported (with the services behind them) on first use. A resource
 * without a loader, or a loader missing one of its handlers, does not compile.
 */
export const handlerLoaders: { [R in Resource]: () => Promise<HandlersOf<R>> } = {
  spaces: () => spaces().then((m) => m.spaceHandlers),
  collections: () => spaces().then((m) => m.collectionHandlers),
  account: () => spaces().then((m) => m.accountHandlers),
  content: editing,
  'cr-content': editing,
  comments: editing,
  'cr-comments': editing,
  'change-requests': editing,
  sites,
  sections: sites,
  'section-groups': sites,
  'site-spaces': sites,
  openapi: sites,
  saml: sites,
  sso: sites,
  translations: sites,
};


import type { Handlers } from '../types.js';
import { editingHandlers } from './editing.js';
import { siteHandlers } from './sites.js';
import { accountHandlers, collectionHandlers, spaceHandlers } from './spaces.js';

/** One handler per catalogue endpoint: an endpoint without one does not compile. */
export const handlers: Handlers = {
  ...spaceHandlers,
  ...collectionHandlers,
  ...accountHandlers,
  ...editingHandlers,
  ...siteHandlers,
};

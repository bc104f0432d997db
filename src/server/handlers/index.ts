import type { Handlers } from '../types.js';
import { editingHandlers } from './editing.js';
import { siteHandlers } from './sites.js';
import { accountHandlers, collectionHandlers, spaceHandlers } from './spaces.js';

/**
 * One handler per catalogue endpoint. Partial while resources are being added; the CLI
 * only exposes endpoints that have a handler here.
 */
export const handlers: Partial<Handlers> = {
  ...spaceHandlers,
  ...collectionHandlers,
  ...accountHandlers,
  ...editingHandlers,
  ...siteHandlers,
};

export const implemented = (id: string): boolean => id in handlers;

import type { Handlers } from '../types.js';
import { collectionHandlers, spaceHandlers } from './spaces.js';

/**
 * One handler per catalogue endpoint. Partial while resources are being added; the CLI
 * only exposes endpoints that have a handler here.
 */
export const handlers: Partial<Handlers> = {
  ...spaceHandlers,
  ...collectionHandlers,
};

export const implemented = (id: string): boolean => id in handlers;

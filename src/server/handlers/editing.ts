import type { Handlers } from '../types.js';

/** Content, comments and change requests. */
export const editingHandlers: Partial<Handlers> = {};

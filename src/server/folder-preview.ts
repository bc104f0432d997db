/*
 * What `gbctl preview DIR` follows a Git Sync folder with: the folder read again as it changes,
 * the scratch space and published site that take its content, and the news of that content its
 * open pages listen to (handed to `startPreview` in serve.ts).
 */
export { LiveFolder } from './lib/live-folder.js';
export { openScratchSpace, type ScratchSpace, type ScratchUpdate } from './admin/scratch-space.js';
export { LiveEvents } from './web/live-reload.js';

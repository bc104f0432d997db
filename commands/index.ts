import type { Overlays } from '../src/cli/overlay.js';
import { editingOverlays } from './editing.js';
import { siteOverlays } from './sites.js';
import { collectionOverlays, spaceOverlays } from './spaces.js';

/** Presentation of catalogue commands, keyed by endpoint id. */
export const overlays: Overlays = {
  ...spaceOverlays,
  ...collectionOverlays,
  ...editingOverlays,
  ...siteOverlays,
};

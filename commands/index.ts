import type { Overlays } from '../src/cli/overlay.js';
import { collectionOverlays, spaceOverlays } from './spaces.js';

/** Presentation of catalogue commands, keyed by endpoint id. */
export const overlays: Overlays = {
  ...spaceOverlays,
  ...collectionOverlays,
};

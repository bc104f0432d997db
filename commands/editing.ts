import type { Command } from 'commander';
import type { Io } from '../src/cli/context.js';
import type { Overlays } from '../src/cli/overlay.js';

/** Presentation of content, comment and change-request commands. */
export const editingOverlays: Overlays = {};

/** Hand-written commands of the editing side. */
export function registerEditing(_program: Command, _io: Io): void {}

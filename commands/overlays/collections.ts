import type { Overlays } from '../../src/cli/overlay.js';
import { spaceOrCollectionPosition } from './spaces.js';

export const overlays: Overlays = {
  'collections.list': { columns: ['id', 'title', 'parent', 'defaultLevel'], examples: ['gbctl collections list --no-nested'] },
  'collections.create': { examples: ['gbctl collections create --title Guides'], done: (_p, r) => `✓ Created collection ${r.id}` },
  'collections.spaces': { columns: ['id', 'title', 'visibility', 'updatedAt'] },
  'collections.delete': {
    confirm: (_p, name) => `Delete collection ${name}? Its spaces move up to its parent.`,
    done: (p) => `✓ Deleted collection ${String(p.collectionId)}`,
  },
  'collections.move': { options: spaceOrCollectionPosition, examples: ['gbctl collections move COLLECTION --parent OTHER'] },
  'collections.transfer': { confirm: (_p, name) => `Transfer collection ${name} and everything in it to another organization?` },
};

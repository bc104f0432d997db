import type { Overlays } from '../src/cli/overlay.js';

type Position = { before?: unknown; after?: unknown };
function position(body: Record<string, unknown>): Position {
  return (body.position ??= {}) as Position;
}

/** Flags for `move`: place relative to a sibling space or collection. */
export const positionOptions = [
  { flags: '--before-space <space>', description: 'place before this sibling space', apply: (v: string, i: { body: Record<string, unknown> }) => { position(i.body).before = { type: 'space', space: v }; } },
  { flags: '--after-space <space>', description: 'place after this sibling space', apply: (v: string, i: { body: Record<string, unknown> }) => { position(i.body).after = { type: 'space', space: v }; } },
  { flags: '--before-collection <collection>', description: 'place before this sibling collection', apply: (v: string, i: { body: Record<string, unknown> }) => { position(i.body).before = { type: 'collection', collection: v }; } },
  { flags: '--after-collection <collection>', description: 'place after this sibling collection', apply: (v: string, i: { body: Record<string, unknown> }) => { position(i.body).after = { type: 'collection', collection: v }; } },
];

export const spaceOverlays: Overlays = {
  'spaces.list': { columns: ['id', 'title', 'visibility', 'updatedAt'], examples: ['gbctl spaces list', 'gbctl spaces list --json id,title'] },
  'spaces.create': { examples: ['gbctl spaces create --title "API reference" --emoji 📘'], done: (_p, r) => `✓ Created space ${(r as { id: string }).id}` },
  'spaces.get': { examples: ['gbctl spaces get SPACE --json'] },
  'spaces.update': { examples: ['gbctl spaces update SPACE --title "New title" --edit-mode locked'] },
  'spaces.delete': {
    confirm: (p) => `Delete space ${String(p.spaceId)}? It can be restored for 7 days.`,
    done: (p) => `✓ Deleted space ${String(p.spaceId)} (restore with: gbctl spaces restore ${String(p.spaceId)})`,
    examples: ['gbctl spaces delete SPACE --yes'],
  },
  'spaces.duplicate': { done: (_p, r) => `✓ Duplicated as ${(r as { id: string }).id}` },
  'spaces.restore': { done: (p) => `✓ Restored space ${String(p.spaceId)}`, examples: ['gbctl spaces restore SPACE'] },
  'spaces.move': {
    options: positionOptions,
    examples: ['gbctl spaces move SPACE --parent COLLECTION', 'gbctl spaces move SPACE --parent null --before-space OTHER'],
  },
  'spaces.transfer': {
    confirm: (p) => `Transfer space ${String(p.spaceId)} to another organization?`,
    examples: ['gbctl spaces transfer SPACE --organization ORG --yes'],
  },
  'spaces.links': { columns: ['status', 'targetReference.kind', 'targetReference.page', 'targetReference.url'], examples: ['gbctl spaces links SPACE --status broken'] },
};

export const collectionOverlays: Overlays = {
  'collections.list': { columns: ['id', 'title', 'parent', 'defaultLevel'], examples: ['gbctl collections list --no-nested'] },
  'collections.create': { examples: ['gbctl collections create --title Guides'], done: (_p, r) => `✓ Created collection ${(r as { id: string }).id}` },
  'collections.spaces': { columns: ['id', 'title', 'visibility', 'updatedAt'] },
  'collections.delete': {
    confirm: (p) => `Delete collection ${String(p.collectionId)}? Its spaces move up to its parent.`,
    done: (p) => `✓ Deleted collection ${String(p.collectionId)}`,
  },
  'collections.move': { options: positionOptions, examples: ['gbctl collections move COLLECTION --parent OTHER'] },
  'collections.transfer': { confirm: (p) => `Transfer collection ${String(p.collectionId)} and everything in it to another organization?` },
};

import type { Overlays } from '../../src/cli/overlay.js';
import { LINK_COLUMNS, linkRow } from './links.js';
import { positionOptions } from './position.js';

/** Where a space or collection can be placed among the others of its parent. */
export const spaceOrCollectionPosition = positionOptions([
  { suffix: 'space', names: 'sibling space', pointer: (space) => ({ type: 'space', space }) },
  { suffix: 'collection', names: 'sibling collection', pointer: (collection) => ({ type: 'collection', collection }) },
]);

export const overlays: Overlays = {
  'spaces.list': { columns: ['id', 'title', 'visibility', 'updatedAt'], examples: ['gbctl spaces list', 'gbctl spaces list --json id,title'] },
  'spaces.create': { examples: ['gbctl spaces create --title "API reference" --emoji 📘'], done: (_p, r) => `✓ Created space ${r.id}` },
  'spaces.get': { examples: ['gbctl spaces get SPACE --json'] },
  'spaces.update': { examples: ['gbctl spaces update SPACE --title "New title" --edit-mode locked'] },
  'spaces.delete': {
    confirm: (_p, name) => `Delete space ${name}? It can be restored for 7 days.`,
    done: (p) => `✓ Deleted space ${String(p.spaceId)} (restore with: gbctl spaces restore ${String(p.spaceId)})`,
    examples: ['gbctl spaces delete SPACE --yes'],
  },
  'spaces.duplicate': { done: (_p, r) => `✓ Duplicated as ${r.id}` },
  'spaces.restore': { done: (p) => `✓ Restored space ${String(p.spaceId)}`, examples: ['gbctl spaces restore SPACE'] },
  'spaces.move': {
    options: spaceOrCollectionPosition,
    examples: ['gbctl spaces move SPACE --parent COLLECTION', 'gbctl spaces move SPACE --parent null --before-space OTHER'],
  },
  'spaces.transfer': {
    confirm: (_p, name) => `Transfer space ${name} to another organization?`,
    examples: ['gbctl spaces transfer SPACE --organization ORG --yes'],
  },
  'spaces.links': {
    columns: LINK_COLUMNS,
    view: (r) => ({ items: r.items.map(linkRow) }),
    examples: ['gbctl spaces links SPACE --status broken'],
  },
};

import type { ReadTx, WriteTx } from '../../store/store.js';
import { meta } from '../model/org.js';
import { badRequest } from '../http-error.js';
import { collections, spaces } from '../model/space.js';

export type Pointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** Spaces and collections share one order under a parent (or the organization's top level). */
export function siblingPositions(tx: ReadTx, organization: string, parent: string | undefined, except: string): number[] {
  const s = tx.where(spaces, 'organization', organization).filter((r) => r.parent === parent && r.id !== except && !r.deletedAt);
  const c = tx.where(collections, 'organization', organization).filter((r) => r.parent === parent && r.id !== except);
  return [...s.map((r) => r.position), ...c.map((r) => r.position)].sort((a, b) => a - b);
}

/**
 * The next position at the end of a parent's order. A counter kept in `meta` makes it O(1);
 * it is seeded from the siblings the first time a parent is used (older stores, imports).
 */
export function endPosition(tx: WriteTx, organization: string, parent: string | undefined, except = ''): number {
  const id = `position:${organization}:${parent ?? ''}`;
  const kept = tx.get(meta, id)?.value;
  const last = typeof kept === 'number' ? kept : siblingPositions(tx, organization, parent, except).reduce((m, p) => Math.max(m, p), 0);
  const next = Math.floor(last) + 1;
  tx.put(meta, { id, value: next });
  return next;
}

/**
 * The position that puts an item before or after a sibling, or at the end. The sibling
 * must be under the same parent.
 */
export function positionFor(
  tx: WriteTx,
  organization: string,
  parent: string | undefined,
  self: string,
  position: { before?: Pointer | undefined; after?: Pointer | undefined } | undefined,
): number {
  const ptr = position?.before ?? position?.after;
  if (!ptr) return endPosition(tx, organization, parent, self);
  const id = ptr.type === 'space' ? ptr.space : ptr.collection;
  const sib = ptr.type === 'space' ? tx.get(spaces, id) : tx.get(collections, id);
  if (!sib || sib.organization !== organization || ('deletedAt' in sib && sib.deletedAt)) {
    throw badRequest(`position: ${ptr.type} ${id} not found in this organization`);
  }
  if (sib.parent !== parent) throw badRequest(`position: ${ptr.type} ${id} is not under the same parent`);
  if (id === self) throw badRequest('position: an item cannot be placed relative to itself');
  const all = siblingPositions(tx, organization, parent, self);
  const i = all.indexOf(sib.position);
  if (position?.before) return i > 0 ? ((all[i - 1] as number) + sib.position) / 2 : sib.position - 1;
  return i < all.length - 1 ? (sib.position + (all[i + 1] as number)) / 2 : sib.position + 1;
}

import { badRequest } from '../http-error.js';
import { byPosition, type Ordered } from '../model/site.js';

/** A position after every sibling. */
export function endOf(siblings: readonly Ordered[]): number {
  return siblings.reduce((max, s) => Math.max(max, s.position), 0) + 1;
}

/**
 * The position that puts an item just before or after `targetId` among `siblings` (which
 * must not include the item itself); at the end when no target is given.
 */
export function placeAmong(siblings: readonly Ordered[], self: string, target: { id: string; where: 'before' | 'after'; label: string } | undefined): number {
  if (!target) return endOf(siblings.filter((s) => s.id !== self));
  if (target.id === self) throw badRequest('position: an item cannot be placed relative to itself');
  const order = byPosition(siblings.filter((s) => s.id !== self));
  const i = order.findIndex((s) => s.id === target.id);
  if (i < 0) throw badRequest(`position: ${target.label} ${target.id} is not a sibling of this item`);
  const at = (order[i] as Ordered).position;
  if (target.where === 'before') {
    const prev = order[i - 1];
    return prev ? (prev.position + at) / 2 : at - 1;
  }
  const next = order[i + 1];
  return next ? (at + next.position) / 2 : at + 1;
}

/** Reads a `{before, after}` position whose pointers name the sibling with `key`. */
export function pointerTarget<P extends Record<string, unknown>>(
  position: { before?: P | undefined; after?: P | undefined } | undefined,
  key: (p: P) => string,
  label: (p: P) => string,
): { id: string; where: 'before' | 'after'; label: string } | undefined {
  if (position?.before) return { id: key(position.before), where: 'before', label: label(position.before) };
  if (position?.after) return { id: key(position.after), where: 'after', label: label(position.after) };
  return undefined;
}

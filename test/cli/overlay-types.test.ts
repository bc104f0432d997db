import { describe, expect, it } from 'vitest';
import { overlayOf, type Overlays } from '../../src/cli/overlay.js';
import { overlays as contentOverlays } from '../../commands/overlays/content.js';
import { overlays as spaceOverlays } from '../../commands/overlays/spaces.js';

describe('overlays keyed by endpoint id', () => {
  it('hand their callbacks the answer of their endpoint, typed, and are found by id at run time', () => {
    const answer = { revision: 'r1', importedResources: 2, totalResources: 3 };
    expect(contentOverlays['content.import']?.done?.({ spaceId: 's1' }, answer)).toBe('✓ Imported 2 of 3 resources as revision r1');
    // The change-request variant has no overlay of its own: the runner finds none, and uses the command's.
    expect(overlayOf(contentOverlays, 'cr-content.import')).toBeUndefined();
    expect(overlayOf(contentOverlays, 'content.import')).toBe(contentOverlays['content.import']);
    expect(overlayOf(spaceOverlays, 'toString')).toBeUndefined();
  });

  it('refuse, when type-checked, an id the catalogue lacks and a field the answer lacks', () => {
    const misspelt: Overlays = {
      // @ts-expect-error -- there is no endpoint spaces.creat
      'spaces.creat': { done: () => 'created' },
    };
    const wrong: Overlays = {
      // @ts-expect-error -- a space has no titel: the answers are open objects, so it reads as unknown, not a string
      'spaces.create': { done: (_p, r) => r.titel },
      // @ts-expect-error -- spaces.duplicate's path has no organizationId
      'spaces.duplicate': { done: (p) => `${p.organizationId}` },
    };
    expect([...Object.keys(misspelt), ...Object.keys(wrong)]).toHaveLength(3);
  });
});

import type * as z from 'zod';
import type { DefaultLevel, Language } from '../../contract/schemas/common.js';
import type { EditMode, MergeRules, Visibility } from '../../contract/schemas/space.js';
import { table } from '../../store/store.js';

export interface SpaceRecord {
  id: string;
  title: string;
  emoji: string;
  visibility: z.infer<typeof Visibility>;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  editMode: z.infer<typeof EditMode>;
  organization: string;
  parent?: string;
  language?: z.infer<typeof Language>;
  /** The active revision. */
  revision: string;
  defaultLevel: z.infer<typeof DefaultLevel>;
  mergeRules: z.infer<typeof MergeRules>;
  /** Secret that opens a share-link space. */
  shareKey: string;
  /** Order among siblings (spaces and collections of the same parent). */
  position: number;
}

export interface CollectionRecord {
  id: string;
  title: string;
  description?: string;
  organization: string;
  parent?: string;
  defaultLevel: z.infer<typeof DefaultLevel>;
  createdAt: string;
  position: number;
}

export const spaces = table<SpaceRecord>('spaces')
  .withFilters({
    /** A space not in the bin. */
    live: (s) => !s.deletedAt,
  })
  .withOrders({
    /** An organization's spaces not in the bin, in the order they joined it (a restored one last). */
    liveByOrg: { group: (s) => (s.deletedAt ? undefined : s.organization) },
  });
export const collections = table<CollectionRecord>('collections').withOrders({
  byOrg: { group: (r) => r.organization },
  /** Collections at the top of an organization. */
  topByOrg: { group: (r) => (r.parent ? undefined : r.organization), keepSeq: true },
});

import type { Overlays } from '../../src/cli/overlay.js';
import { positionOptions } from './position.js';

export const overlays: Overlays = {
  'sections.list': { columns: ['id', 'title', 'path', 'default', 'sectionGroup'] },
  'sections.create': { examples: ['gbctl sections create SITE --space SPACE --title "API reference"'], done: (_p, r) => `✓ Added section ${r.id}` },
  'sections.update': { examples: ['gbctl sections update SITE SECTION --path api --condition null'] },
  'sections.delete': { confirm: (p, name) => `Remove section ${name} and its site spaces from site ${String(p.siteId)}?` },
  'sections.move': {
    options: positionOptions([{ suffix: '', names: 'sibling section', value: 'section', pointer: (v) => ({ type: 'site-section', siteSection: v }) }]),
    examples: ['gbctl sections move SITE SECTION --before OTHER'],
  },
  'section-groups.list': {
    view: (r) => ({ items: r.items.map((g) => ({ id: g.id, title: g.title, sections: g.sections.map((s) => s.id).join(',') })) }),
  },
  'section-groups.create': { examples: ['gbctl section-groups create SITE --title Products --sections SECTION1,SECTION2'] },
  'section-groups.delete': { confirm: (_p, name) => `Delete section group ${name}? Its sections move to the top level.` },
  'section-groups.move': {
    options: positionOptions([
      { suffix: 'section', names: 'top-level section', pointer: (v) => ({ type: 'site-section', id: v }) },
      { suffix: 'group', names: 'section group', pointer: (v) => ({ type: 'site-section-group', id: v }) },
    ]),
  },
  'site-spaces.list': { columns: ['id', 'space.id', 'title', 'path', 'section', 'default'], examples: ['gbctl site-spaces list SITE --default'] },
  'site-spaces.create': { examples: ['gbctl site-spaces create SITE --space SPACE --section SECTION'] },
  'site-spaces.move': {
    options: positionOptions([{ suffix: '', names: 'sibling site space', value: 'site-space', pointer: (v) => ({ type: 'site-space', siteSpace: v }) }]),
  },
};

import { embeddedHint } from '../../src/cli/web-url.js';
import { usageError } from '../../src/cli/exit-codes.js';
import type { Overlays } from '../../src/cli/overlay.js';
import { readJsonObject } from '../../src/cli/read-input.js';

export const overlays: Overlays = {
  'sites.list': {
    columns: ['id', 'title', 'visibility', 'published', 'siteSpaces'],
    examples: ['gbctl sites list --published', 'gbctl sites list --space SPACE'],
  },
  'sites.create': {
    done: (_p, r) => `✓ Created site ${r.id} (unpublished: gbctl sites publish ${r.id})`,
    examples: ['gbctl sites create --title "Docs" --spaces SPACE1,SPACE2', 'gbctl sites create --title "Docs" --spaces sample', 'gbctl sites setup   # guided'],
  },
  'sites.update': {
    options: [
      {
        name: 'adaptive',
        value: '<on|off>',
        description: 'turn adaptive content on or off',
        apply: (v, i) => {
          if (v !== 'on' && v !== 'off') throw usageError(`--adaptive: "${v}" is not on or off`);
          i.body.adaptiveContent = { enabled: v === 'on' };
        },
      },
    ],
    examples: [
      'gbctl sites update SITE --title "Handbook" --visibility share-link',
      'gbctl sites update SITE --proxy example.com/docs',
      'gbctl sites update SITE --proxy null',
    ],
  },
  'sites.delete': { confirm: (_p, name) => `Delete site ${name}? Its spaces are kept.`, done: (p) => `✓ Deleted site ${String(p.siteId)}` },
  'sites.publish': {
    view: (r) => r.urls.published ?? '',
    done: (p, r) => {
      const hint = embeddedHint(r.urls.published, `gbctl preview ${String(p.siteId)}`);
      return `✓ Published site ${String(p.siteId)}${hint ? `\n${hint}` : ''}`;
    },
  },
  'sites.unpublish': {
    confirm: (_p, name) => `Unpublish site ${name}? Visitors lose access; its configuration is kept.`,
    done: (p) => `✓ Unpublished site ${String(p.siteId)}`,
  },
  'sites.set-adaptive-schema': {
    options: [
      {
        name: 'file',
        value: '<path>',
        description: 'read the JSON schema from this file',
        apply: (v, i, io) => {
          i.body.jsonSchema = readJsonObject({ flag: '--file', path: v }, io.readStdin);
        },
      },
    ],
    examples: ['gbctl sites set-adaptive-schema SITE --file visitor-schema.json'],
  },
  'sites.template-conditions': { columns: ['condition', 'description'] },
  'sites.published': {
    view: (p) => ({
      site: p.site.id,
      title: p.site.title,
      published: p.site.published,
      structure: p.structure.type,
      items: p.structure.structure.length,
      url: p.site.urls.published ?? '',
    }),
  },
};

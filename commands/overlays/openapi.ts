import type { ExtraOption, Overlays } from '../../src/cli/overlay.js';
import { readText } from '../../src/cli/read-input.js';

/** `--url` / `--file` instead of a JSON `--source`. */
const sourceOptions: ExtraOption[] = [
  {
    name: 'url',
    value: '<url>',
    description: 'take the spec from this URL (http(s):// or file://)',
    apply: (v, i) => {
      i.body.source = { url: v };
    },
  },
  {
    name: 'file',
    value: '<path>',
    description: 'send this JSON or YAML file as the spec text',
    apply: (v, i, io) => {
      i.body.source = { text: readText({ flag: '--file', path: v }, io.readStdin) };
    },
  },
];

export const overlays: Overlays = {
  'openapi.list': { columns: ['slug', 'processingState', 'lastProcessErrorCode', 'visibility', 'updatedAt'] },
  'openapi.create': {
    options: sourceOptions,
    examples: ['gbctl openapi create --slug petstore --file openapi.yaml', 'gbctl openapi create --slug petstore --url https://example.com/openapi.json'],
  },
  'openapi.put': {
    options: sourceOptions,
    examples: ['gbctl openapi put petstore --file openapi.yaml', 'gbctl openapi publish openapi.yaml --spec petstore   # as the platform CLI'],
  },
  'openapi.delete': { confirm: (_p, name) => `Delete OpenAPI spec ${name} and all its versions?` },
  'openapi.versions': { columns: ['id', 'createdAt', 'url'] },
};

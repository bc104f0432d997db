import { readFileSync } from 'node:fs';

const TEXT = readFileSync(new URL('../fixtures/api-description.md', import.meta.url), 'utf8');

/**
 * Every METHOD /path pair of the API description, read from its endpoint tables: section
 * prefixes, "(empty)", "same" and ".../" abbreviations, and the "same operations" sentences
 * of the change-request sections expanded as the text says.
 */
export function describedEndpoints(): string[] {
  const out: string[] = [];
  const endpointsPart = TEXT.slice(TEXT.indexOf('## Endpoints'), TEXT.indexOf('## Authentication'));
  const sections = endpointsPart.split(/^### /m).slice(1);
  for (const section of sections) {
    const heading = section.split('\n')[0] as string;
    const prefix = /\(prefix ([^)]+)\)/.exec(heading)?.[1] ?? '';
    let last = '';
    let crBase = '';
    for (const line of section.split('\n')) {
      const m = /^\| (GET|POST|PUT|PATCH|DELETE) \| ([^|]+) \|/.exec(line);
      if (!m) continue;
      const method = m[1] as string;
      let path = (m[2] as string).trim();
      if (path === '(empty)') path = prefix;
      else if (path === 'same') path = last;
      else if (path.startsWith('.../')) path = crBase + path.slice(3);
      else if (!path.startsWith('/v1')) path = prefix + path;
      if (path.endsWith('/{changeRequestId}')) crBase = path.slice(0, -'/{changeRequestId}'.length);
      last = path;
      out.push(`${method} ${path}`);
    }
    const same = /Same operations, queries and responses as space content for ([^.]+)\./.exec(section);
    if (same) {
      const spaceContent = out.filter((e) => e.includes('/v1/spaces/{spaceId}/content'));
      for (const p of (same[1] as string)
        .split(/,\s*|\s+and\s+/)
        .map((s) => s.trim())
        .filter(Boolean)) {
        for (const e of spaceContent.filter((x) => x.endsWith(`/v1/spaces/{spaceId}${p}`))) out.push(e.replace('/v1/spaces/{spaceId}', prefix));
      }
    }
    if (/The same operations, bodies and responses as space comments exist/.test(section)) {
      for (const e of out.filter((x) => /\/v1\/spaces\/\{spaceId\}\/(comments|commenters)/.test(x))) {
        out.push(e.replace('/v1/spaces/{spaceId}', prefix));
      }
    }
  }
  return out;
}

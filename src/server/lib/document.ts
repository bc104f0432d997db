/**
 * Markdown ↔ JSON document (the platform's block tree), enough for the shapes the API returns:
 * headings, paragraphs, lists, quotes, code blocks and dividers. Inline formatting stays as text.
 */

export type Block = Record<string, unknown> & { object: 'block'; type: string };
export type JsonDocument = {
  object: 'document';
  data: { schemaVersion?: number };
  nodes: Block[];
};

const text = (t: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] });

function paragraph(key: string, t: string): Block {
  return { object: 'block', type: 'paragraph', key, nodes: [text(t)] };
}

/** The blocks of a markdown text; keys are `<prefix><n>`, stable for the same text. */
export function markdownToDocument(markdown: string, keyPrefix = 'b'): JsonDocument {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const nodes: Block[] = [];
  let n = 0;
  const key = () => `${keyPrefix}${n++}`;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    const fence = /^(```+|~~~+)\s*([\w+-]*)/.exec(line);
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] as string).startsWith(fence[1] as string)) code.push(lines[i++] as string);
      i++;
      nodes.push({
        object: 'block',
        type: 'code',
        key: key(),
        data: fence[2] ? { syntax: fence[2] } : {},
        nodes: code.map((l) => ({ object: 'block', type: 'code-line', key: key(), data: {}, nodes: [text(l)] })),
      });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = Math.min((heading[1] as string).length, 3);
      nodes.push({ object: 'block', type: `heading-${level}`, key: key(), data: {}, nodes: [text(heading[2] as string)] });
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      nodes.push({ object: 'block', type: 'divider', key: key(), isVoid: true, data: {} });
      i++;
      continue;
    }
    const item = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1] as string);
      const items: Block[] = [];
      while (i < lines.length) {
        const m = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(lines[i] as string);
        if (!m || /\d/.test(m[1] as string) !== ordered) break;
        items.push({ object: 'block', type: 'list-item', key: key(), nodes: [paragraph(key(), m[2] as string)] });
        i++;
      }
      nodes.push(
        ordered
          ? { object: 'block', type: 'list-ordered', key: key(), data: {}, nodes: items }
          : { object: 'block', type: 'list-unordered', key: key(), nodes: items },
      );
      continue;
    }
    if (line.startsWith('>')) {
      const quoted: string[] = [];
      while (i < lines.length && (lines[i] as string).startsWith('>')) quoted.push((lines[i++] as string).replace(/^>\s?/, ''));
      nodes.push({ object: 'block', type: 'blockquote', key: key(), nodes: [paragraph(key(), quoted.join(' '))] });
      continue;
    }
    if (line.trim() === '') {
      i++;
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && (lines[i] as string).trim() !== '' && !startsBlock(lines[i] as string)) para.push((lines[i++] as string).trim());
    nodes.push(paragraph(key(), para.join(' ')));
  }
  return { object: 'document', data: { schemaVersion: 1 }, nodes };
}

function startsBlock(line: string): boolean {
  return /^(#{1,6}\s|```|~~~|>|\s*([-*+]|\d+[.)])\s)/.test(line) || /^\s*([-*_])(\s*\1){2,}\s*$/.test(line);
}

/** The plain text of a node and its children. */
export function nodeText(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const o = node as { object?: string; leaves?: { text?: string }[]; nodes?: unknown[] };
  if (o.object === 'text') return (o.leaves ?? []).map((l) => l.text ?? '').join('');
  return (o.nodes ?? []).map(nodeText).join(o.object === 'block' && isContainer(o) ? '\n' : '');
}

function isContainer(o: { nodes?: unknown[] }): boolean {
  return (o.nodes ?? []).some((c) => (c as { object?: string })?.object === 'block');
}

/** Markdown for a JSON document: the inverse of markdownToDocument for the blocks it makes. */
export function documentToMarkdown(doc: { nodes?: unknown[] }): string {
  return (doc.nodes ?? [])
    .map((b) => blockToMarkdown(b))
    .filter((s) => s !== '')
    .join('\n\n');
}

function blockToMarkdown(b: unknown): string {
  const o = (b ?? {}) as { type?: string; nodes?: unknown[]; data?: { syntax?: string } };
  const kids = o.nodes ?? [];
  switch (o.type) {
    case 'heading-1':
      return `# ${nodeText(o)}`;
    case 'heading-2':
      return `## ${nodeText(o)}`;
    case 'heading-3':
      return `### ${nodeText(o)}`;
    case 'divider':
      return '---';
    case 'code':
      return `\`\`\`${o.data?.syntax ?? ''}\n${kids.map(nodeText).join('\n')}\n\`\`\``;
    case 'list-unordered':
      return kids.map((k) => `- ${nodeText(k)}`).join('\n');
    case 'list-ordered':
      return kids.map((k, i) => `${i + 1}. ${nodeText(k)}`).join('\n');
    case 'list-tasks':
      return kids.map((k) => `- [ ] ${nodeText(k)}`).join('\n');
    case 'blockquote':
      return kids.map((k) => `> ${nodeText(k)}`).join('\n>\n');
    default:
      return nodeText(o);
  }
}

/** The body as asked: `format` converts between markdown and document; without it, as stored. */
export function bodyIn(
  body: { markdown: string } | { document: Record<string, unknown> },
  format: 'markdown' | 'document' | undefined,
  keyPrefix = 'b',
): { markdown: string } | { document: JsonDocument } {
  if ('document' in body) {
    return format === 'markdown' ? { markdown: documentToMarkdown(body.document as { nodes?: unknown[] }) } : { document: body.document as JsonDocument };
  }
  return format === 'document' ? { document: markdownToDocument(body.markdown, keyPrefix) } : body;
}

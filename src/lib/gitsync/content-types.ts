const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
  avif: 'image/avif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  txt: 'text/plain',
  csv: 'text/csv',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const extOf = (p: string) => (/\.([a-z0-9]+)$/i.exec(p)?.[1] ?? '').toLowerCase();

/** The content type of a file by its extension. */
export function contentTypeOf(path: string): string {
  return TYPES[extOf(path)] ?? 'application/octet-stream';
}

export const isMarkdownPath = (p: string) => ['md', 'markdown', 'mdx'].includes(extOf(p));
export const isImagePath = (p: string) => contentTypeOf(p).startsWith('image/');

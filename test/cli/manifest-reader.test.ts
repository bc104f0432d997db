import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manifestLines, readerOf, readManifestLines } from '../../src/cli/manifest-reader.js';
import { sourceManifest } from '../../src/manifest-source.js';

/** The manifest as text and as the bytes a run reads, which it decodes a line at a time. */
const FORMS = [
  ['text', (t: string) => t],
  ['bytes', (t: string) => new TextEncoder().encode(t)],
] as const;

describe.each(FORMS)('the command tree as the build writes it, read from its %s', (_, form) => {
  it('reads back every name and every command as the source has them', async () => {
    const whole = await sourceManifest();
    const read = readManifestLines(form(manifestLines(whole)));
    const source = readerOf(whole);
    expect(read.nouns).toEqual(source.nouns);
    expect(Object.keys(read.nouns)).toEqual([...new Set(whole.commands.map((c) => c.noun))]);
    expect(read.bespoke).toEqual(whole.bespoke);
    expect(read.commands()).toEqual(source.commands());
    expect(new Set(read.commands().map((c) => c.id))).toEqual(new Set(whole.commands.map((c) => c.id)));
    const only = new Set(['spaces', 'no-such-noun']);
    expect(read.commands(only)).toEqual(whole.commands.filter((c) => c.noun === 'spaces'));
  });

  it("parses only the lines of the nouns a run asks for: another noun's line is never read", async () => {
    const lines = manifestLines(await sourceManifest()).split('\n');
    const nouns = Object.keys(JSON.parse(lines[0] as string).nouns as object);
    const spaces = nouns.indexOf('spaces') + 1;
    const damaged = lines.map((l, i) => (i === 0 || i === spaces || !l ? l : '{not json')).join('\n');
    const read = readManifestLines(form(damaged));
    expect(read.commands(new Set(['spaces'])).map((c) => c.verb)).toContain('list');
    expect(() => read.commands()).toThrow(SyntaxError);
  });

  it('refuses a manifest of another form: an older single object, or one cut short', async () => {
    const whole = await sourceManifest();
    expect(() => readManifestLines(form(JSON.stringify(whole)))).toThrow(/not a manifest of this version/);
    const text = manifestLines(whole);
    expect(() => readManifestLines(form(text.split('\n').slice(0, 3).join('\n')))).toThrow(/the commands of 2 of its/);
  });

  it('is what the build wrote next to the bundle', async () => {
    const built = readFileSync(new URL('../../dist/manifest.json', import.meta.url), 'utf8');
    expect(readManifestLines(form(built)).nouns).toEqual(readerOf(await sourceManifest()).nouns);
  });
});

import { endpoints } from '../../src/contract/index.js';
import type { Connection, Io } from '../../src/cli/context.js';
import type { SetupPlan } from './setup-run.js';
import { importEsm } from '../../src/cli/esm.js';
import { safeLine } from '../../src/cli/terminal-text.js';
import { promptOutput } from '../../src/cli/stdio.js';

type Visibility = SetupPlan['visibility'];

interface Given {
  title?: string | undefined;
  visibility?: Visibility | undefined;
  spaces: string[];
  newSpace?: 'empty' | 'sample' | undefined;
  sections: { title: string; space?: string }[];
  publish?: boolean | undefined;
}

const NEW_EMPTY = '\u0000new:empty';
const NEW_SAMPLE = '\u0000new:sample';
const NEW_FOR_SECTION = '\u0000new:section';

/** Every space of the organization, following pages. */
async function orgSpaces(conn: Connection, organizationId: string): Promise<{ id: string; title: string }[]> {
  const out: { id: string; title: string }[] = [];
  let page: string | undefined;
  do {
    const res = await conn.client.call(endpoints['spaces.list'], { params: { organizationId }, query: { limit: 1000, ...(page ? { page } : {}) } });
    out.push(...res.items.map((s) => ({ id: s.id, title: s.title })));
    page = res.next?.page;
  } while (page);
  return out;
}

/** The caller's organizations; when there is more than one, the person picks. */
async function chooseOrganization(
  conn: Connection,
  select: typeof import('@inquirer/prompts').select,
  input: typeof import('@inquirer/prompts').input,
  ctx: { output: never },
): Promise<string> {
  let orgs: { id: string; title: string }[] = [];
  try {
    orgs = (await conn.client.call(endpoints['account.orgs'], { query: { limit: 1000 } })).items;
  } catch {
    // The endpoint may be unavailable: fall back to the default organization or a typed id.
  }
  if (orgs.length > 1) return select({ message: 'Organization', choices: orgs.map((o) => ({ name: safeLine(`${o.title} (${o.id})`), value: o.id })) }, ctx);
  if (orgs[0]) return orgs[0].id;
  try {
    return await conn.organization();
  } catch {
    return (
      await input({ message: 'Organization id', validate: (v) => /^[a-zA-Z0-9_-]+$/.test(v.trim()) || 'an organization id: letters, digits, "_" and "-"' }, ctx)
    ).trim();
  }
}

/** Asks a person for every answer the flags did not give. Prompts go to stderr. */
export async function ask(conn: Connection, io: Io, given: Given): Promise<SetupPlan> {
  const { input, select, checkbox, confirm } = await importEsm('@inquirer/prompts');
  const ctx = { output: promptOutput(io.stderr) as never };

  const organization = conn.resolved.organization ?? (await chooseOrganization(conn, select, input, ctx));

  const title =
    given.title?.trim() ??
    (
      await input({ message: 'Site title', validate: (v) => (v.trim().length >= 2 && v.trim().length <= 128) || 'the title needs 2 to 128 characters' }, ctx)
    ).trim();

  const visibility =
    given.visibility ??
    (await select<Visibility>(
      {
        message: 'Who can read the site?',
        choices: [
          { name: 'public — anyone, indexed by search engines', value: 'public' },
          { name: 'unlisted — anyone with the link, not indexed', value: 'unlisted' },
          { name: 'share-link — anyone with a secret link', value: 'share-link' },
          { name: 'visitor-auth — visitors signed in through your identity provider', value: 'visitor-auth' },
        ],
      },
      ctx,
    ));

  const known = await orgSpaces(conn, organization);
  const spaceNames = new Map(known.map((s) => [s.id, s.title]));
  let spaces = given.spaces;
  let newSpace = given.newSpace;
  if (!spaces.length && !newSpace) {
    const picked = await checkbox<string>(
      {
        message: 'Which spaces should the site show? (space to select, enter to confirm)',
        choices: [
          ...known.map((s) => ({ name: safeLine(`${s.title || 'Untitled'} (${s.id})`), value: s.id })),
          { name: 'Create a new empty space', value: NEW_EMPTY },
          { name: 'Create a new space with sample pages', value: NEW_SAMPLE },
        ],
        validate: (items) => {
          if (!items.length) return 'choose at least one space';
          if (items.some((i) => i.value === NEW_EMPTY) && items.some((i) => i.value === NEW_SAMPLE)) return 'choose one kind of new space';
          return true;
        },
      },
      ctx,
    );
    spaces = picked.filter((v) => v !== NEW_EMPTY && v !== NEW_SAMPLE);
    newSpace = picked.includes(NEW_SAMPLE) ? 'sample' : picked.includes(NEW_EMPTY) ? 'empty' : undefined;
  }

  const sections = [...given.sections];
  if (!sections.length && (await confirm({ message: 'Split the site into sections (for example Guides, API reference)?', default: false }, ctx))) {
    for (;;) {
      const t = (
        await input(
          {
            message: `Title of section ${sections.length + 1} (leave empty to finish)`,
            validate: (v) => v.trim() === '' || (v.trim().length >= 2 && v.trim().length <= 128) || 'the title needs 2 to 128 characters',
          },
          ctx,
        )
      ).trim();
      if (!t) break;
      const space = await select<string>(
        {
          message: `Content of section "${t}"`,
          choices: [
            { name: safeLine(`A new space "${t}"`), value: NEW_FOR_SECTION },
            ...known.map((s) => ({ name: safeLine(`${s.title || 'Untitled'} (${s.id})`), value: s.id })),
          ],
        },
        ctx,
      );
      sections.push(space === NEW_FOR_SECTION ? { title: t } : { title: t, space });
    }
  }

  const publish = given.publish ?? (await confirm({ message: 'Publish the site now?', default: true }, ctx));
  return { organization, title, visibility, spaces, ...(newSpace ? { newSpace } : {}), sections, publish, spaceNames };
}

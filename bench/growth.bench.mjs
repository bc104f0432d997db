// Growth: what a request costs at a large size over what it costs at a small one, measured over
// HTTP against `gbctl serve` (default flags), requests one after another, both sizes in one run.
// List and search rows serve both sizes at once and time them in alternating turns (timePaired),
// so that the shared machine's drift does not fall on one size only.
// Every row prints its ratio (of medians), min/median/max of each size and its target; a ratio
// past its target prints FAIL. Run by `npm run bench` (after a build); about 3 minutes.
//   BENCH_REPS=40 (requests per measure)  BENCH_SPACES=1000,100000  BENCH_COMMENTS=10,10000
//   BENCH_CRS=10,1000  BENCH_PAGES=10,1000  BENCH_RESTARTS=5  BENCH_ONLY=content,first-search,history (sections to run)
import { performance } from 'node:perf_hooks';
import { call, checkRow, failed, growthRow, importStore, newId, seedTables, serve, tempDir, timeIt, timePaired } from './lib.mjs';

const REPS = Number(process.env.BENCH_REPS ?? 40);
const sizes = (name, d) => (process.env[name] ?? d).split(',').map(Number);
const [SPACES_S, SPACES_L] = sizes('BENCH_SPACES', '1000,100000');
const [COMMENTS_S, COMMENTS_L] = sizes('BENCH_COMMENTS', '10,10000');
const [CRS_S, CRS_L] = sizes('BENCH_CRS', '10,1000');
const [PAGES_S, PAGES_L] = sizes('BENCH_PAGES', '10,1000');
const tmp = tempDir();
const now = new Date().toISOString();
const servers = [];

/** A store of the seed's organization, grown by `grow(tables, seed)`, served. */
async function served(name, grow) {
  const seed = seedTables(tmp.dir);
  grow(seed.tables, seed);
  const store = importStore(tmp.dir, name, seed.tables);
  const s = await serve(store);
  servers.push(s);
  const { token } = seed;
  return { s, token, seed, store, api: (method, path, body) => call(s, token, method, path, body) };
}

/** The cases of one section, each served by its own server, all up at once for paired timing. */
async function both(sizes, make) {
  const cases = [];
  for (const n of sizes) cases.push(await make(n));
  return cases;
}

const stopAll = (cases) => Promise.all(cases.map((c) => c.s.stop()));

const spacesIn = (t, org, n, base) => {
  for (let i = 1; i < n; i++) t.spaces.push({ ...base, id: newId(), title: `Space ${i}`, organization: org, position: i + 1 });
};

// Page text drawn from a vocabulary of 3,000 made-up words, so that a word is on about one page
// in ten and two words together on about one in a hundred, as in documentation.
const SYLLABLES = 'ka lo mi nu pe ra si to vu za be co di fa gu'.split(' ');
const WORDS = Array.from({ length: 3000 }, (_, k) => SYLLABLES[k % 15] + SYLLABLES[Math.floor(k / 15) % 15] + SYLLABLES[Math.floor(k / 225) % 15]);
/** A prefix of 15 of the vocabulary's words: on about a third of the pages. */
const THIRD = WORDS[0].slice(0, 4);
const pick = (i, k) => WORDS[Math.abs(Math.imul(i * 7919 + k * 104729, 2654435761) >> 7) % WORDS.length];
const text = (i, n) => Array.from({ length: n }, (_, k) => pick(i, k)).join(' ');
/** A revision in the whole-tree form (converted when the server opens the store) with `n` pages of about 2 KiB. */
function revisionWithPages(rev, n) {
  const pages = Array.from({ length: n }, (_, i) => ({
    id: `pg${i}`,
    title: `${text(i, 2)} ${i}`,
    type: 'document',
    createdAt: now,
    updatedAt: now,
    pages: [],
    markdown: `# ${text(i, 3)}\n\n${text(i, 150)}\n\n## ${text(i + 1, 2)}\n\n${text(i + 2, 150)}\n`,
  }));
  return { ...rev, pages };
}

async function listSpaces() {
  console.log(`\n# lists: one page of an organization's spaces, ${SPACES_S} vs ${SPACES_L} spaces in that organization`);
  const [small, large] = await both([SPACES_S, SPACES_L], (n) => served(`spaces-${n}`, (t, sd) => spacesIn(t, sd.org, n, sd.space)));
  const page = (c) => `/orgs/${c.seed.org}/spaces?limit=20`;
  const first = await timePaired(
    REPS,
    () => small.api('GET', page(small)),
    () => large.api('GET', page(large)),
  );
  for (const c of [small, large]) c.token = (await c.api('GET', page(c))).next.page;
  const next = await timePaired(
    REPS,
    () => small.api('GET', `${page(small)}&page=${small.token}`),
    () => large.api('GET', `${page(large)}&page=${large.token}`),
  );
  // --all: every page of 1,000 in turn; the cost per item. The small store's walk is one page:
  // it is walked a tenth as many times as the large store has pages in each turn, so that both
  // sides of a pair take a comparable time, in alternating turns like the other rows.
  const walks = Math.max(1, Math.round(SPACES_L / SPACES_S / 10));
  const walkAll = (c, n, times) => async () => {
    for (let k = 0; k < times; k++) {
      let token;
      let items = 0;
      let count = 0;
      do {
        const r = await c.api('GET', `/orgs/${c.seed.org}/spaces?limit=1000${token ? `&page=${token}` : ''}`);
        items += r.items.length;
        count = r.count;
        token = r.next?.page;
      } while (token);
      if (items !== count || items < n) throw new Error(`--all walked ${items} spaces of ${count}`);
    }
  };
  const [walkS, walkL] = await timePaired(5, walkAll(small, SPACES_S, walks), walkAll(large, SPACES_L, 1), 1, 5);
  const perItem = [walkS.map((ms) => ms / (SPACES_S * walks)), walkL.map((ms) => ms / SPACES_L)];
  await stopAll([small, large]);
  growthRow(`spaces list, first page (${SPACES_L} / ${SPACES_S})`, ...first, 1.5);
  growthRow(`spaces list, page after a cursor (${SPACES_L} / ${SPACES_S})`, ...next, 1.5);
  growthRow(`spaces list --all, cost per item (${SPACES_L} / ${SPACES_S})`, ...perItem, 1.2);
}

async function listComments() {
  console.log(`\n# lists: one page of a space's comments, ${COMMENTS_S} vs ${COMMENTS_L} comments`);
  const cases = await both([COMMENTS_S, COMMENTS_L], (n) =>
    served(`comments-${n}`, (t, sd) => {
      t.comments = [];
      for (let i = 0; i < n; i++) {
        const at = new Date(Date.parse(now) - (n - i) * 1000).toISOString();
        t.comments.push({
          id: newId(),
          space: sd.space.id,
          status: i % 2 ? 'open' : 'resolved',
          postedBy: sd.user,
          postedAt: at,
          body: { markdown: `Comment ${i}: looks good, one nit on the second paragraph.` },
          revision: sd.space.revision,
          reactions: [],
          ...(i % 2 === 0 ? { page: { id: 'pg1', title: 'Page', path: 'page' } } : {}),
        });
      }
    }),
  );
  const base = (c) => `/spaces/${c.seed.space.id}/comments`;
  // Pages of 5: the small case's lists (10 comments, half of them in each filter) fill one too.
  const q = {
    plain: (c) => `${base(c)}?limit=5`,
    status: (c) => `${base(c)}?limit=5&status=resolved`,
    asc: (c) => `${base(c)}?limit=5&order=asc`,
    page: (c) => `${base(c)}?limit=5&targetPage=pg1`,
    authors: (c) => `${base(c)}?limit=5&authors=${c.seed.user}`,
  };
  const [small, large] = cases;
  for (const [k, path] of Object.entries(q)) {
    const times = await timePaired(
      REPS,
      () => small.api('GET', path(small)),
      () => large.api('GET', path(large)),
    );
    growthRow(`comments list${k === 'plain' ? '' : ` (${k} filter)`} (${COMMENTS_L} / ${COMMENTS_S})`, ...times, 1.5);
  }
  const create = (c) => (i) => c.api('POST', base(c), { body: { markdown: `New comment ${i}` } });
  growthRow(`comment create (${COMMENTS_L} / ${COMMENTS_S})`, ...(await timePaired(REPS, create(small), create(large))), 1.2);
  await stopAll(cases);
}

async function listChangeRequests() {
  console.log(`\n# lists: change requests, ${CRS_S} vs ${CRS_L} in the space`);
  const cases = await both([CRS_S, CRS_L], (n) =>
    served(`crs-${n}`, (t, sd) => {
      t.changeRequests = [];
      for (let i = 0; i < n; i++) {
        const rev = { ...sd.revision, id: newId(), changeRequest: '', parents: [sd.revision.id] };
        const cr = {
          id: newId(),
          space: sd.space.id,
          number: i + 1,
          status: i % 2 ? 'open' : 'draft',
          subject: `Change ${i}`,
          createdBy: sd.user,
          createdAt: new Date(Date.parse(now) - (n - i) * 1000).toISOString(),
          updatedAt: now,
          revision: rev.id,
          revisionInitial: sd.revision.id,
          contributors: [sd.user],
        };
        rev.changeRequest = cr.id;
        t.revisions.push(rev);
        t.changeRequests.push(cr);
      }
    }),
  );
  const base = (c) => `/spaces/${c.seed.space.id}/change-requests`;
  const q = {
    space: (c) => `${base(c)}?limit=5`,
    status: (c) => `${base(c)}?limit=5&status=open`,
    creator: (c) => `${base(c)}?limit=5&creator=${c.seed.user}`,
    org: (c) => `/orgs/${c.seed.org}/change-requests?limit=5`,
  };
  const [small, large] = cases;
  for (const [k, path] of Object.entries(q)) {
    const times = await timePaired(
      REPS,
      () => small.api('GET', path(small)),
      () => large.api('GET', path(large)),
    );
    growthRow(`change-request list (${k}) (${CRS_L} / ${CRS_S})`, ...times, 1.5);
  }
  const create = (c) => (i) => c.api('POST', base(c), { subject: `Bench ${i}` });
  growthRow(`change-request create (${CRS_L} / ${CRS_S})`, ...(await timePaired(Math.min(REPS, 30), create(small), create(large))), 1.2);
  await stopAll(cases);
}

/** Content: search, page edits and merges in spaces of PAGES_S and PAGES_L pages. */
async function content() {
  console.log(`\n# content: ${PAGES_S} vs ${PAGES_L} pages in the space`);
  const out = [];
  const cases = await both([PAGES_S, PAGES_L], (n) => served(`pages-${n}`, (t, sd) => void (t.revisions[0] = revisionWithPages(sd.revision, n))));
  const searchOf = (c) => `/spaces/${c.seed.space.id}/search?query=${encodeURIComponent(`${WORDS[5]} ${WORDS[17]}`)}`;
  const searched = await timePaired(
    REPS,
    () => cases[0].api('GET', searchOf(cases[0])),
    () => cases[1].api('GET', searchOf(cases[1])),
  );
  // A query on about a third of the pages: the prefix of 15 of the vocabulary's words.
  const thirdOf = (c) => `/spaces/${c.seed.space.id}/search?query=${THIRD}`;
  const third = await timePaired(
    REPS,
    () => cases[0].api('GET', thirdOf(cases[0])),
    () => cases[1].api('GET', thirdOf(cases[1])),
  );
  // The same query made new each time (a trailing space more: the same words, another key), so
  // that recent hits cannot answer it: what a query nobody asked yet costs.
  let fresh = 0;
  const newThirdOf = (c) => `${thirdOf(c)}${'%20'.repeat(++fresh)}`;
  const thirdNew = await timePaired(
    REPS,
    () => cases[0].api('GET', newThirdOf(cases[0])),
    () => cases[1].api('GET', newThirdOf(cases[1])),
  );
  for (const [at, n] of [PAGES_S, PAGES_L].entries()) {
    const found = (await cases[at].api('GET', `${thirdOf(cases[at])}&limit=1`)).count;
    console.log(`     "${THIRD}" is on ${found} of ${n} pages`);
  }
  // One page edited in a change request of each space, the two sizes in alternating turns.
  const editOf = async (at, n) => {
    const { api, seed } = cases[at];
    const space = `/spaces/${seed.space.id}`;
    const cr = await api('POST', `${space}/change-requests`, { subject: 'edits' });
    const page = `pg${Math.floor(n / 2)}`;
    return (i) => api('PATCH', `${space}/change-requests/${cr.id}/gbctl/pages/${page}`, { markdown: `# Edited ${i}\n\n${text(i, 300)}` });
  };
  const edits = await timePaired(REPS, await editOf(0, PAGES_S), await editOf(1, PAGES_L));
  for (const at of [0, 1]) {
    const { api, seed, s } = cases[at];
    const space = `/spaces/${seed.space.id}`;
    const r = { search: searched[at] };
    const query = searchOf(cases[at]);
    r.edit = edits[at];
    // Merges with 2 pages changed on each side: main unchanged, then main moved (3-way), and update from main.
    const reps = Math.max(5, Math.floor(REPS / 4));
    const edit2 = async (crId, a, b, i) => {
      await api('PATCH', `${space}/change-requests/${crId}/gbctl/pages/pg${a}`, { markdown: `edit ${i} ${text(i, 50)}` });
      await api('PATCH', `${space}/change-requests/${crId}/gbctl/pages/pg${b}`, { markdown: `edit ${i} ${text(i + 1, 50)}` });
    };
    r.mergeFast = [];
    r.merge3 = [];
    r.update = [];
    r.searchAfterEdit = [];
    // The first rounds warm V8 up and are not counted.
    for (let i = -8; i < reps; i++) {
      const keep = (list, t) => i >= 0 && list.push(t);
      const a = await api('POST', `${space}/change-requests`, { subject: `a${i}` });
      const b = await api('POST', `${space}/change-requests`, { subject: `b${i}` });
      const c = await api('POST', `${space}/change-requests`, { subject: `c${i}` });
      await edit2(a.id, 1, 2, i);
      let t0 = performance.now();
      await api('POST', `${space}/change-requests/${a.id}/merge`);
      keep(r.mergeFast, performance.now() - t0);
      // Main moved by one page's edit: the first search after it derives the index.
      t0 = performance.now();
      await api('GET', query);
      keep(r.searchAfterEdit, performance.now() - t0);
      await edit2(b.id, 3, 4, i);
      await edit2(c.id, 5, 6, i);
      t0 = performance.now();
      await api('POST', `${space}/change-requests/${b.id}/update`);
      keep(r.update, performance.now() - t0);
      t0 = performance.now();
      await api('POST', `${space}/change-requests/${c.id}/merge`);
      keep(r.merge3, performance.now() - t0);
    }
    // On the warm index, not from the hits kept of recent queries (see firstSearch).
    let again = 0;
    r.searchRepeated = await timeIt(REPS, () => api('GET', `${query}${'%20'.repeat(++again)}`));
    out.push(r);
    await s.stop();
  }
  growthRow(`search, repeated (${PAGES_L} / ${PAGES_S} pages)`, out[0].search, out[1].search, 3);
  growthRow(`search on a third of the pages, repeated (${PAGES_L} / ${PAGES_S} pages)`, ...third, 2);
  growthRow(`search on a third of the pages, a new query each time (${PAGES_L} / ${PAGES_S} pages)`, ...thirdNew, 2);
  const [, big] = out;
  const after = big.searchAfterEdit.slice().sort((x, y) => x - y)[Math.floor(big.searchAfterEdit.length / 2)];
  const repeated = big.searchRepeated.slice().sort((x, y) => x - y)[Math.floor(big.searchRepeated.length / 2)];
  checkRow(`search, first after one page changed / repeated on the warm index (${PAGES_L} pages)`, after / repeated, 5);
  growthRow(`edit one page in a change request (${PAGES_L} / ${PAGES_S} pages)`, out[0].edit, out[1].edit, 2);
  growthRow(`merge, main unchanged, 2 pages changed (${PAGES_L} / ${PAGES_S} pages)`, out[0].mergeFast, out[1].mergeFast, 2);
  growthRow(`merge, main moved (3-way), 2+2 pages changed (${PAGES_L} / ${PAGES_S})`, out[0].merge3, out[1].merge3, 2);
  growthRow(`update from main, 2+2 pages changed (${PAGES_L} / ${PAGES_S} pages)`, out[0].update, out[1].update, 2);
}

/**
 * The first search after `gbctl serve` starts, on a PAGES_L-page space that was searched before
 * (its index kept beside the store), against the same search on the warm index (not answered from
 * the hits kept of recent queries): several fresh servers in turn.
 */
async function firstSearch() {
  const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
  console.log(`\n# first search after serve starts, ${PAGES_L} pages, ${RESTARTS} fresh servers`);
  const { s, seed, store, token } = await served('first-search', (t, sd) => void (t.revisions[0] = revisionWithPages(sd.revision, PAGES_L)));
  const query = `/spaces/${seed.space.id}/search?query=${THIRD}`;
  let t0 = performance.now();
  await call(s, token, 'GET', query);
  const built = performance.now() - t0;
  await s.stop();
  const first = [];
  const repeated = [];
  const starts = [];
  const other = [];
  for (let i = 0; i < RESTARTS; i++) {
    const fresh = await serve(store);
    starts.push(fresh.startMs);
    // A fresh process's first request of any kind loads and compiles the code it runs: a space read.
    t0 = performance.now();
    await call(fresh, token, 'GET', `/spaces/${seed.space.id}`);
    other.push(performance.now() - t0);
    t0 = performance.now();
    await call(fresh, token, 'GET', query);
    first.push(performance.now() - t0);
    // The same words under a new key each time (one trailing space more): the warm index scores
    // them again, as the first search did, instead of answering from the hits kept of recent queries.
    let again = 0;
    repeated.push(...(await timeIt(Math.max(10, Math.floor(REPS / 2)), () => call(fresh, token, 'GET', `${query}${'%20'.repeat(++again)}`), 5)));
    await fresh.stop();
  }
  const med = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const mmm = (xs) => {
    const t = xs.slice().sort((x, y) => x - y);
    return `${t[0].toFixed(1)}/${med(t).toFixed(1)}/${t[t.length - 1].toFixed(1)} ms`;
  };
  console.log(`     first search of the first server (index built): ${built.toFixed(0)} ms; later servers start in ${mmm(starts)} (kept index read meanwhile)`);
  console.log(
    `     on a fresh server: its first request (a space read) ${mmm(other)}; then its first search ${mmm(first)}; repeated on the warm index ${mmm(repeated)}`,
  );
  checkRow(`search, first on a fresh server / repeated on the warm index (${PAGES_L} pages)`, med(first) / med(repeated), 3);
}

/** Store growth from 100 edits of one page of a PAGES_L-page space, after compaction. */
async function history() {
  const { api, seed, s, store } = await served('history', (t, sd) => {
    t.revisions[0] = revisionWithPages(sd.revision, PAGES_L);
  });
  const { statSync } = await import('node:fs');
  const { gbctl } = await import('./lib.mjs');
  const space = `/spaces/${seed.space.id}`;
  const cr = await api('POST', `${space}/change-requests`, { subject: 'history' });
  gbctl('store', 'compact', '--store', store);
  const before = statSync(store).size;
  const body = (i) => `# Edited ${i}\n\n${text(i, 300)}`;
  let pageSize = 0;
  for (let i = 0; i < 100; i++) {
    const p = await api('PATCH', `${space}/change-requests/${cr.id}/gbctl/pages/pg7`, { markdown: body(i) });
    pageSize = Math.max(pageSize, JSON.stringify({ ...p, markdown: body(i) }).length);
  }
  gbctl('store', 'compact', '--store', store);
  const grown = statSync(store).size - before;
  await s.stop();
  console.log(`\n# history: 100 edits of one page (about ${pageSize} bytes) of a ${PAGES_L}-page space grew the store by ${grown} bytes`);
  checkRow('store growth per edit, over (page size + 1 KiB)', grown / 100 / (pageSize + 1024), 1);
}

/** One transaction of N creates: spaces through the service code (each with its revision and position), and plain records that are counted after each put. */
async function bulk() {
  const { join } = await import('node:path');
  const { ROOT } = await import('./lib.mjs');
  const lib = await import(join(ROOT, 'dist', 'index.mjs'));
  const [small, large] = [1000, 10000];
  console.log(`\n# bulk writes: one transaction of ${small} vs ${large} creates`);
  const spaces = async (n, i) => {
    const path = join(tmp.dir, `bulk-${n}-${i}.json`);
    const t0 = performance.now();
    await lib.seedSpaces(path, n);
    return performance.now() - t0;
  };
  const notes = { name: 'notes' };
  const counted = async (n) => {
    const store = new lib.MemoryStore();
    const t0 = performance.now();
    await store.write((tx) => {
      for (let i = 0; i < n; i++) {
        tx.put(notes, { id: `n${i}`, group: 'g' });
        tx.countWhere(notes, 'group', 'g');
      }
    });
    return performance.now() - t0;
  };
  const run = async (fn, n) => {
    const out = [];
    for (let i = 0; i < 3; i++) out.push(await fn(n, i));
    return out;
  };
  growthRow(`spaces created in one transaction (${large} / ${small}), target linear`, await run(spaces, small), await run(spaces, large), 12);
  growthRow(`records put and counted in one transaction (${large} / ${small})`, await run(counted, small), await run(counted, large), 12);
}

const sections = { bulk, lists: listSpaces, comments: listComments, crs: listChangeRequests, content, 'first-search': firstSearch, history };
const only = process.env.BENCH_ONLY?.split(',');
for (const name of only ?? []) if (!(name in sections)) throw new Error(`BENCH_ONLY: no section ${name} (${Object.keys(sections).join(', ')})`);
try {
  for (const [name, run] of Object.entries(sections)) if (!only || only.includes(name)) await run();
} finally {
  await Promise.all(servers.map((x) => x.stop()));
  tmp.cleanup();
}
console.log(failed() ? `\n${failed()} growth row(s) past target` : '\nevery growth row within target');
process.exit(failed() ? 1 : 0);

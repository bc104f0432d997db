// A child process for the store tests, run against the build (dist/).
//   node store-writer.child.mjs raw STORE TAG [COMPACT_BYTES]
//     writes rows to the table "crash" forever, one to four at once, printing "ack ID" once each
//     write resolved (durable).
//   node store-writer.child.mjs compact STORE
//     fills the store once (about 2 MB), prints "ready", then compacts it over and over.
//   node store-writer.child.mjs api STORE TOKEN ORG COUNT
//     creates COUNT spaces through the app in-process, as the embedded CLI does, printing "space ID".
import { randomBytes } from 'node:crypto';
import { createApp, JsonFileStore, serverResources } from '../../dist/index.mjs';

const [mode, path, ...rest] = process.argv.slice(2);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const encode = (n) => [...randomBytes(n)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
const ids = { next: () => encode(20), secret: () => encode(32) };

if (mode === 'raw') {
  const [tag, compactBytes] = rest;
  const store = JsonFileStore.open(path, { compactBytes: Number(compactBytes ?? 65536) });
  process.stdout.write('ready\n');
  const pad = 'x'.repeat(200);
  const write = (i) => {
    const id = `${tag}-${i}`;
    return store
      .write((tx) => {
        tx.put({ name: 'crash' }, { id, i, pad });
        if (i % 7 === 3) tx.delete({ name: 'crash' }, `${tag}-${i - 3}-gone`);
        tx.put({ name: 'crash' }, { id: `${id}-gone`, i });
      })
      .then(() => process.stdout.write(`ack ${id}\n`));
  };
  // One to four writes under way at once, so that kills land inside batches committed together too.
  for (let i = 0; ;) {
    const n = (i % 4) + 1;
    await Promise.all(Array.from({ length: n }, (_, k) => write(i + k)));
    i += n;
  }
} else if (mode === 'compact') {
  const store = JsonFileStore.open(path, { compactBytes: 1e12 });
  const have = await store.read((tx) => tx.all({ name: 'bulk' }).length);
  if (!have) {
    const pad = 'y'.repeat(1000);
    await store.write((tx) => {
      for (let i = 0; i < 2000; i++) tx.put({ name: 'bulk' }, { id: `b${i}`, pad });
    });
  }
  process.stdout.write('ready\n');
  for (;;) await store.compact();
} else if (mode === 'api') {
  const [token, org, count] = rest;
  const store = JsonFileStore.open(path);
  const app = createApp({ store, clock: { now: () => new Date() }, ids, origin: 'gbctl://local', translations: 'translation' }, serverResources);
  for (let i = 0; i < Number(count); i++) {
    const res = await app.handle({
      method: 'POST',
      url: `/v1/orgs/${org}/spaces`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `child ${process.pid} #${i}` }),
    });
    if (res.status !== 201) {
      process.stderr.write(`HTTP ${res.status}: ${res.body}\n`);
      process.exit(1);
    }
    process.stdout.write(`space ${JSON.parse(res.body).id}\n`);
  }
  await store.close();
} else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}

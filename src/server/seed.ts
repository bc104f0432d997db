import { endpoints } from '../contract/index.js';
import { JsonFileStore } from '../store/json-file-store.js';
import { makeCtx, type Env } from './context.js';
import { randomIds, systemClock } from './env.js';
import { users } from './model/org.js';
import { defaultOrganization, ensureSeeded } from './admin/accounts.js';
import { createSpaceRecord } from './services/spaces.js';

/** Fills a store file with `count` spaces in one transaction (benchmarks and large fixtures). */
export async function seedSpaces(path: string, count: number): Promise<void> {
  const store = JsonFileStore.open(path);
  const env: Env = { store, clock: systemClock, ids: randomIds, origin: 'gbctl://local', translations: 'translation' };
  await ensureSeeded(env);
  await store.write((tx) => {
    const org = defaultOrganization(tx) as string;
    const c = makeCtx(env, endpoints['spaces.create'].access, tx.all(users)[0]);
    for (let i = 0; i < count; i++) createSpaceRecord(c, tx, org, { title: `Space ${i + 1}` });
  });
  await store.close();
}

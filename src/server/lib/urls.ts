import type { Env } from '../context.js';

/** Links the API hands out for its objects, all under the serving origin. */
export const urls = {
  api: (c: Pick<Env, 'origin'>, path: string) => `${c.origin}/v1${path}`,
  app: (c: Pick<Env, 'origin'>, path: string) => `${c.origin}/app${path}`,
  published: (c: Pick<Env, 'origin'>, path: string) => `${c.origin}/published${path}`,
};

import { isoNow, type Ctx } from '../context.js';
import { blobs, type BlobRecord } from '../model/revision.js';

/** Keeps bytes for a while under an unguessable id; expired ones are dropped on the way. */
export function putTemporaryBlob(c: Ctx, bytes: Uint8Array, contentType: string, ttlMs: number): Promise<BlobRecord> {
  return c.write((tx) => {
    const now = c.clock.now().getTime();
    for (const b of tx.all(blobs)) if (b.expiresAt && Date.parse(b.expiresAt) <= now) tx.delete(blobs, b.id);
    return tx.put(blobs, {
      id: c.ids.secret(),
      contentType,
      data: Buffer.from(bytes).toString('base64'),
      createdAt: isoNow(c),
      expiresAt: new Date(now + ttlMs).toISOString(),
    });
  });
}

/** The bytes behind a `/_gbctl/blobs/{id}` link, while it lasts. */
export async function readBlob(c: Pick<Ctx, 'read' | 'clock'>, id: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const b = await c.read((tx) => tx.get(blobs, id));
  if (!b || (b.expiresAt && Date.parse(b.expiresAt) <= c.clock.now().getTime())) return undefined;
  return { contentType: b.contentType, bytes: Buffer.from(b.data, 'base64') };
}

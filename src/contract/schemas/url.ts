import * as z from 'zod';

/** An absolute URI of at most 2048 characters (the platform's `URL`), for request bodies. */
export const Url = z.url().max(2048);

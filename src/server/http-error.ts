/** An error the API answers with: `{"error":{"code":status,"message":…}}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What to do about it, for the CLI; the API's error body has no room for it. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m: string) => new HttpError(401, m);
export const forbidden = (m: string) => new HttpError(403, m);
export const notFound = (m: string) => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);
export const preconditionFailed = (m: string) => new HttpError(412, m);

export function errorBody(status: number, message: string): string {
  return JSON.stringify({ error: { code: status, message } });
}

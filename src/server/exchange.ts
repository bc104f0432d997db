/*
 * A request and its answer as the server's handlers see them, whether they came over a socket or
 * in-process: the API, the controls, blobs and web pages all take and give these.
 */

/** A request as the app sees it, whether it came over a socket or in-process. */
export interface CoreRequest {
  method: string;
  /** Path and query, e.g. `/v1/spaces/abc?shareKey=x`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: string | Buffer;
  /**
   * Who calls, for a request made in this process (the embedded CLI's): the app's own
   * InProcessSession object. It is an object, not a header, so a request that came over a socket
   * can never carry one; an Authorization header, when sent too, is what counts.
   */
  session?: InProcessSession;
}

/** The standing of the embedded CLI's requests: the store's admin, acting in this process. */
export interface InProcessSession {
  readonly user: string;
}

export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or bytes for gbctl's own downloads (`/_gbctl/blobs/…`). */
  body: string | Buffer;
  /** The catalogue entry that served the request, when one matched. */
  endpointId?: string;
  /** `Set-Cookie` values, one header each (the browser session; web/session.ts). */
  cookies?: string[];
}

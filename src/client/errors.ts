/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly method: string,
    readonly url: string,
  ) {
    super(message);
  }
}

/** The server could not be reached, or the connection failed. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
  }
}

/** The input does not satisfy the endpoint's schema; nothing was sent. */
export class InputError extends Error {
  override name = 'InputError';
  constructor(
    message: string,
    /** For a body's problem: the fields the endpoint's body takes, for the message's hint. */
    readonly fields?: string[],
  ) {
    super(message);
  }
}

/** The server answered 2xx with a body that is not what the endpoint describes. */
export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError';
  constructor(
    message: string,
    /** The status it answered with. */
    readonly status: number,
  ) {
    super(message);
  }
}

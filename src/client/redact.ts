/**
 * An endpoint as it may be printed: the `user:token@` of its address replaced, so that a debug
 * trace or an error message shows where requests go without the credentials in it. Works on
 * text that is not a URL too (a mistyped endpoint is echoed in its error).
 */
export function redactEndpoint(endpoint: string): string {
  return endpoint.replace(/^(\s*[a-z][a-z0-9+.-]*:\/*)[^/?#]*@/i, '$1***@');
}

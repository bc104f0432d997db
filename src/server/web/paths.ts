/** Whether a path is one of the browser pages (published sites, app pages) rather than the API. */
export function isWebPath(path: string): boolean {
  return path === '/app' || path.startsWith('/app/') || path.startsWith('/published/');
}

/**
 * The routes gbctl answers beyond the platform's API, as data: the emulator's test controls
 * under /_gbctl/ (gbctl serve only) and the file downloads every gbctl server hands out.
 * "gbctl api endpoints" lists them beside the catalogue; a test holds each one answered.
 */
export interface OwnRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
  /** The gbctl command that sends it, when there is one. */
  command: string;
}

export const OWN_ROUTES: readonly OwnRoute[] = [
  { method: 'GET', path: '/_gbctl/health', summary: 'Status, version, uptime, memory', command: 'gbctl emulator health' },
  { method: 'GET', path: '/_gbctl/clock', summary: "Read the server's clock", command: 'gbctl emulator clock' },
  { method: 'POST', path: '/_gbctl/clock', summary: 'Advance, set, freeze or unfreeze the clock', command: 'gbctl emulator clock --advance 7d' },
  { method: 'GET', path: '/_gbctl/snapshots', summary: 'List the saved dataset snapshots', command: 'gbctl emulator snapshot --list' },
  { method: 'POST', path: '/_gbctl/snapshots', summary: 'Snapshot the whole dataset under a name', command: 'gbctl emulator snapshot' },
  { method: 'POST', path: '/_gbctl/snapshots/{name}/restore', summary: 'Put a snapshot back', command: 'gbctl emulator restore' },
  { method: 'POST', path: '/_gbctl/reset', summary: 'Return dataset and clock to start-up', command: 'gbctl emulator reset' },
  { method: 'GET', path: '/_gbctl/faults', summary: 'List the fault rules', command: 'gbctl emulator faults' },
  { method: 'POST', path: '/_gbctl/faults', summary: 'Add a fault rule', command: 'gbctl emulator faults --path PATTERN' },
  { method: 'DELETE', path: '/_gbctl/faults', summary: 'Remove every fault rule', command: 'gbctl emulator faults --clear' },
  { method: 'DELETE', path: '/_gbctl/faults/{id}', summary: 'Remove a fault rule', command: 'gbctl emulator faults --remove' },
  { method: 'GET', path: '/_gbctl/requests', summary: 'The most recent requests', command: 'gbctl emulator requests' },
  { method: 'DELETE', path: '/_gbctl/requests', summary: 'Forget the logged requests', command: 'gbctl emulator requests --clear' },
  { method: 'GET', path: '/_gbctl/blobs/{id}', summary: "A file's bytes (a downloadURL gbctl handed out)", command: 'gbctl content export' },
];

/*
 * The test controls as the command line knows them: what `gbctl emulator …` checks before it
 * sends a control request, and the routes `gbctl api endpoints` lists beside the catalogue. The
 * controls themselves (routes.ts) run inside `gbctl serve` and are reached only over HTTP.
 */
export {
  ClockAnswer,
  DeletedAnswer,
  HealthAnswer,
  itemsOf,
  ListedFault,
  LoggedRequestAnswer,
  Named,
  ResetAnswer,
  RestoredAnswer,
  type Health,
  type Listed,
} from './answers.js';
export { OWN_ROUTES } from './catalogue.js';
export { parseDuration } from './clock.js';
export { FaultRule } from './faults.js';
export type { LoggedRequest } from './request-log.js';

import type { Endpoint } from '../contract/endpoint.js';
import type { Overlay } from './overlay.js';

/** What the CLI needs of a resource's commands, loaded when one of them runs. */
export interface CliResources {
  endpoint(id: string): Promise<Endpoint | undefined>;
  overlay(id: string): Promise<Overlay | undefined>;
}

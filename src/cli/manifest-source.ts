import { overlays } from '../../commands/index.js';
import { catalogue } from '../contract/index.js';
import { deriveManifest, type Manifest } from './manifest.js';

/** The manifest of the catalogue and overlays as they are now (build time, or running from source). */
export function currentManifest(): Manifest {
  return deriveManifest(catalogue, overlays);
}

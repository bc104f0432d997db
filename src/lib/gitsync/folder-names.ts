import { pathProblem } from '../safe-path.js';

/**
 * Which dot-names are a Git Sync folder's own: `.gitbook.yaml` (or `.yml`) and `.gitbook/`.
 * Other dot-files and dot-folders (`.git`, `.github`, `.DS_Store`) are not the content's: a
 * folder import does not read them and export never writes them.
 */
export const gitSyncKeeps = (name: string) => !name.startsWith('.') || name === '.gitbook' || name === '.gitbook.yaml' || name === '.gitbook.yml';

/** Why `path` cannot be a file of a Git Sync folder: a reason of pathProblem's, or a dot-name the folder does not carry. */
export function folderPathProblem(path: string): string | undefined {
  const problem = pathProblem(path);
  if (problem) return problem;
  const dot = path.split('/').find((c) => !gitSyncKeeps(c));
  return dot === undefined ? undefined : `"${dot}" is a dot-file or dot-folder, which a Git Sync folder does not carry`;
}

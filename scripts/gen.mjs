// Writes the checked-in completion scripts from the built CLI (run by `npm run gen`).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const files = { bash: 'completions/gbctl.bash', zsh: 'completions/_gbctl', fish: 'completions/gbctl.fish' };
for (const [shell, file] of Object.entries(files)) {
  const out = execFileSync(process.execPath, ['bin/gbctl.js', 'completion', shell], { encoding: 'utf8' });
  writeFileSync(file, out);
  console.log(`wrote ${file}`);
}

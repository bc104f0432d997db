// Writes the checked-in generated files from the build (run by `npm run gen`): the route table
// the server routes by without building any schema, the shell completion scripts and the
// command reference (docs/commands.md).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const { catalogue, routeTableSource } = await import('../dist/index.mjs');
writeFileSync('src/contract/routes.ts', routeTableSource(catalogue));
console.log('wrote src/contract/routes.ts');

const files = { bash: 'completions/gbctl.bash', zsh: 'completions/_gbctl', fish: 'completions/gbctl.fish' };
for (const [shell, file] of Object.entries(files)) {
  const out = execFileSync(process.execPath, ['bin/gbctl.js', 'completion', shell], { encoding: 'utf8' });
  writeFileSync(file, out);
  console.log(`wrote ${file}`);
}

writeFileSync('docs/commands.md', execFileSync(process.execPath, ['bin/gbctl.js', 'reference'], { encoding: 'utf8' }));
console.log('wrote docs/commands.md');

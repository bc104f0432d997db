#!/usr/bin/env node
import('../dist/cli.js').then((m) => m.run(process.argv)).then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(err); process.exitCode = 1; },
);

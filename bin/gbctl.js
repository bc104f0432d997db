#!/usr/bin/env node
'use strict';
// A CommonJS shim: `--version` and `--help` answer from files made at build time; everything
// else runs the bundled CLI, dist/cli.cjs, compiled with a V8 code cache of the command's own (load-cli.js).
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else if (args.length === 1 && (args[0] === '--help' || args[0] === '-h') && !process.env.GBCTL_NO_FAST_HELP) {
  process.stdout.write(require('node:fs').readFileSync(require('node:path').join(__dirname, '..', 'dist', 'help.txt'), 'utf8'));
} else {
  let cli;
  try {
    const loader = require('./load-cli.js');
    cli = loader.load(require('node:path').join(__dirname, '..', 'dist', 'cli.cjs'), loader.commandOf(args));
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  }
  cli?.run(process.argv).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}

#!/usr/bin/env node
'use strict';
// A CommonJS shim: `--version` and `--help` answer from files made at build time; everything
// else runs the bundled CLI, dist/cli.cjs, compiled with a V8 code cache of the command's own (load-cli.js).
const args = process.argv.slice(2);

/**
 * Writes to standard output's descriptor: building process.stdout (a stream, and for a terminal
 * node:tty and node:net) costs about a third of what Node takes to start. A pipe another process
 * left non-blocking and full (EAGAIN) gets the rest through the stream, which waits for it; a
 * reader gone (EPIPE) gets nothing more.
 */
function print(text) {
  const { writeSync } = require('node:fs');
  let rest = Buffer.from(text);
  while (rest.length) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (e) {
      if (e.code === 'EPIPE') return;
      if (e.code !== 'EAGAIN') throw e;
      process.stdout.write(rest);
      return;
    }
  }
}
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  print(`${require('../package.json').version}\n`);
} else if (args.length === 1 && (args[0] === '--help' || args[0] === '-h') && !process.env.GBCTL_NO_FAST_HELP) {
  print(require('node:fs').readFileSync(require('node:path').join(__dirname, '..', 'dist', 'help.txt'), 'utf8'));
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

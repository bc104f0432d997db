#!/usr/bin/env node
// Runs npm scripts side by side, as many at once as the machine has cores, in the order given
// (the longest first, so that the short ones fill in around it): the type-aware lint and the
// type check take most of a minute each on one core, and run one after the other they were a
// sixth of `npm test`. A script that fails has its output printed whole under its name (one that
// passes, its name and time); the exit status is 1 if any failed, after all have ended, so that
// one run shows every problem.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/checks.mjs SCRIPT... (npm scripts of package.json, longest first)');
  process.exit(2);
}
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

function run(name) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm[0], [...npm.slice(1), 'run', name], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    const end = (code, why) => {
      const s = ((performance.now() - t0) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name} (${s} s${why ? `, ${why}` : ''})\n`);
      const text = Buffer.concat(out).toString();
      if (code !== 0 && text.trim()) process.stdout.write(text.replace(/^/gm, '  ').replace(/ +$/gm, '') + (text.endsWith('\n') ? '' : '\n'));
      resolve(code === 0);
    };
    child.once('error', (e) => end(1, e.message));
    child.once('close', (code, signal) => end(code ?? 1, signal ? `stopped by ${signal}` : code ? `exit ${code}` : ''));
  });
}

const queue = [...scripts];
let ok = true;
const lane = async () => {
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) ok = (await run(name)) && ok;
};
await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), scripts.length)) }, lane));
process.exit(ok ? 0 : 1);

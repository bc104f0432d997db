// Preloaded (node --import) into a command a benchmark times: writes what getrusage says of the
// process at exit, its peak resident memory (KiB) and the CPU time it used (user + system, ms),
// as JSON to the file BENCH_RSS_FILE names.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ rssKiB: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 }));
  });
}

// Parses the files of a NUL-separated list with @sabaki/sgf and prints the same figures as
// bench_parse. mode "parse": read as UTF-8, then sgf.parse on the text (the fastest way to use
// it); mode "parseFile": sgf.parseFile, which also detects the charset as parse_sgf does.
'use strict';
const fs = require('fs');
const path = require('path');

const [modules, list, mode = 'parse'] = process.argv.slice(2);
const sgf = require(path.resolve(modules, 'node_modules', '@sabaki', 'sgf'));
const files = fs.readFileSync(list, 'utf8').split('\0').filter((name) => name.length > 0);

let bytes = 0;
let games = 0;
let errors = 0;
const start = process.hrtime.bigint();
for (const file of files) {
  try {
    if (mode === 'parseFile') {
      bytes += fs.statSync(file).size;
      games += sgf.parseFile(file).length;
    } else {
      const buffer = fs.readFileSync(file);
      bytes += buffer.length;
      games += sgf.parse(buffer.toString('utf8')).length;
    }
  } catch (e) {
    errors += 1;
  }
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const usage = process.resourceUsage();
const cpu = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
console.log(
  `threads=1 files=${files.length} bytes=${bytes} games=${games} errors=${errors} ` +
    `seconds=${seconds.toFixed(3)} cpu_seconds=${cpu.toFixed(3)} ` +
    `MB/s=${(bytes / 1e6 / seconds).toFixed(2)} games/s=${(games / seconds).toFixed(0)} ` +
    `MB/cpu_s=${(bytes / 1e6 / cpu).toFixed(2)} peak_rss_MiB=${(usage.maxRSS / 1024).toFixed(1)}`
);

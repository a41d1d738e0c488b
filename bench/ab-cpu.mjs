#!/usr/bin/env node
// CPU per request of two live servers, A/B, in interleaved bursts (paired rounds leave out the machine's drift):
//
//   node bench/ab-cpu.mjs --paths FILE --a PORT:PID --b PORT:PID [--rounds 10] [--seconds 4] [--connections 8]
//
// Start both servers yourself (e.g. two builds on one database) and list the paths to request, one a line;
// every request gets a unique query parameter, so the page cache never answers. Reads each process's
// user+system CPU from /proc around its bursts and prints ms per request for A and B and the median of B/A.
import autocannon from "autocannon";
import fs from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    paths: { type: "string" },
    a: { type: "string" },
    b: { type: "string" },
    rounds: { type: "string", default: "10" },
    seconds: { type: "string", default: "4" },
    connections: { type: "string", default: "8" },
  },
});
if (!values.paths || !values.a || !values.b) {
  console.error("usage: node bench/ab-cpu.mjs --paths FILE --a PORT:PID --b PORT:PID [--rounds N] [--seconds S]");
  process.exit(2);
}
const paths = fs.readFileSync(values.paths, "utf8").split("\n").filter(Boolean);
const side = (text) => {
  const [port, pid] = text.split(":").map(Number);
  return { port, pid };
};
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
let n = 0;
async function burst({ port, pid }) {
  const before = cpuMs(pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: [{ setupRequest: (req) => { const i = n++; const p = paths[i % paths.length]; return { ...req, path: `${p}${p.includes("?") ? "&" : "?"}ab=${i}` }; } }],
  });
  return (cpuMs(pid) - before) / result.requests.total;
}
const a = side(values.a);
const b = side(values.b);
const used = { a: [], b: [] };
for (let round = 0; round < Number(values.rounds); round++) {
  // Alternate which side goes first, so neither always runs on the warmer machine.
  const order = round % 2 ? [["b", b], ["a", a]] : [["a", a], ["b", b]];
  for (const [key, server] of order) used[key].push(await burst(server));
}
const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
console.log(`A ms/request ${used.a.map((v) => v.toFixed(2)).join(" ")} (median ${median(used.a).toFixed(2)})`);
console.log(`B ms/request ${used.b.map((v) => v.toFixed(2)).join(" ")} (median ${median(used.b).toFixed(2)})`);
console.log(`B/A, median of paired rounds: ${median(used.a.map((v, i) => used.b[i] / v)).toFixed(3)}`);

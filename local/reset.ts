// `npm run reset`: wipes the local cloud's data (.local/ or LOCAL_DATA_DIR).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './cloud';

const dir = path.resolve(ROOT, process.env.LOCAL_DATA_DIR ?? '.local');
if (!dir.startsWith(ROOT + path.sep)) {
  console.error(`Refusing to delete ${dir}: it is outside the project.`);
  process.exit(1);
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`Local data wiped: ${dir}`);

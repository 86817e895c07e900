import { parseArgs } from 'node:util';
import { generateContent } from './synthetic/generate.ts';

// npm run generate-reviews -- --count 10000 --out bench/content-10k [--seed 42]
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    out: { type: 'string' },
    seed: { type: 'string', default: '42' },
    content: { type: 'string', default: 'content' },
  },
});

const count = Number(values.count);
const seed = Number(values.seed);
if (!values.out || !Number.isInteger(count) || count < 0 || !Number.isInteger(seed)) {
  console.error('usage: npm run generate-reviews -- --count <n> --out <folder> [--seed <integer>]');
  process.exit(2);
}
try {
  const { files } = await generateContent({ count, seed, out: values.out, contentDir: values.content });
  console.log(`wrote ${files} reviews (seed ${seed}) and the data files of ${values.content}/ to ${values.out}/`);
} catch (error) {
  console.error(`generate-reviews: ${(error as Error).message}`);
  process.exitCode = 1;
}

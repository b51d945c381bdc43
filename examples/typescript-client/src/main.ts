import { walkthrough } from './program';

/** `API_BASE_URL=... API_KEY=ik_... node dist/main.js` after compiling, or through the e2e suite. */
const baseUrl = process.env.API_BASE_URL ?? 'http://127.0.0.1:3000';
const apiKey = process.env.API_KEY;
if (!apiKey) {
  process.stderr.write('API_KEY is required\n');
  process.exit(2);
}
walkthrough(baseUrl, apiKey).then(
  (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);

/**
 * The load bench's floor: a bare node:http server that answers every request with one recorded answer
 * (the same status, headers and gzip bytes Atrium sent for index.html), doing no work per request. What it
 * reaches under the same autocannon run is what this machine allows any Node server, so the index.html row
 * can be read against it. Usage: node floor-server.mjs <port> <answer.json> (written by bench/lib/load.ts).
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [port, answerFile] = process.argv.slice(2);
const answer = JSON.parse(readFileSync(answerFile, 'utf8'));
const body = Buffer.from(answer.bodyBase64, 'base64');
const headers = { ...answer.headers, 'content-length': String(body.length) };

createServer((request, response) => {
  request.resume();
  response.writeHead(answer.status, headers);
  response.end(body);
}).listen(Number(port), '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));

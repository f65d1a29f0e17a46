/** Shared between global setup and the specs: where the server runs and who the operator is. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerInfo {
  baseURL: string;
  operatorUserNo: string;
  operatorPassword: string;
  pid: number;
}

export const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const INFO_FILE = join(WEB_DIR, 'test-results', 'e2e-server.json');
export const SCREENSHOTS = join(WEB_DIR, 'test-results', 'screenshots');

export function serverInfo(): ServerInfo {
  return JSON.parse(readFileSync(INFO_FILE, 'utf8')) as ServerInfo;
}

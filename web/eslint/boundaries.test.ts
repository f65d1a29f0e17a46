/**
 * The import boundaries fire: small sources linted with the project's own eslint.config.js (as `npm run lint` does),
 * so the rule cannot be dropped from the config, or stop resolving paths, without this failing.
 */
import { ESLint } from 'eslint';
import { fileURLToPath, URL } from 'node:url';
import { describe, expect, it } from 'vitest';

const web = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: web });

/** The boundary problems (message ids) ESLint finds in `code` as if it were the file `file` (under web/). */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${web}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/imports').map((m) => m.messageId ?? '');
}

describe('import boundaries', () => {
  it('keep lib, components, i18n and config below the features, the registry and the app', async () => {
    expect(
      await problems('src/lib/x.ts', "import { TitliPage } from '@/features/titli/components/TitliPage';"),
    ).toEqual(['foundation']);
    expect(await problems('src/i18n/x.ts', "export const p = () => import('../features/mines/wire');")).toEqual([
      'foundation',
    ]);
    expect(await problems('src/config/x.ts', "import { GAMES } from '@/games/registry';")).toEqual(['foundation']);
    expect(await problems('src/components/x.ts', "import { formatInr } from '@/lib/money';")).toEqual([]);
  });

  it('let only main.tsx and the app import the app', async () => {
    expect(await problems('src/features/casino/x.ts', "import { AppRoutes } from '@/app/router';")).toEqual(['app']);
    expect(await problems('src/components/x.ts', "import { useSession } from '../app/session-context';")).toEqual([
      'app',
    ]);
    expect(await problems('src/main.tsx', "import { App } from './app/App';")).toEqual([]);
    expect(await problems('src/app/routes/x.tsx', "import { useSession } from '../session-context';")).toEqual([]);
  });

  it('let a feature reach another only through what that one exposes', async () => {
    const file = 'src/features/titli/components/X.ts';
    expect(await problems(file, "import { MatchOddsTable } from '../../exchange/components/MatchOddsTable';")).toEqual([
      'internal',
    ]);
    expect(await problems(file, "export { betView } from '@/features/exchange/book';")).toEqual(['internal']);
    expect(await problems('src/features/titli/x.ts', "import { x } from '../sports/balls';")).toEqual(['internal']);
    // Its index, wire and api; a module it exposes in eslint.config.js; its own modules.
    expect(
      await problems(
        file,
        [
          "import type { Bookmaker } from '@/features/sports/wire';",
          "import { useMyBets } from '../../round-table/api/get-my-bets';",
          "import { useRoundTable } from '../../round-table/hooks/use-round-table';",
          "import { StatusBadge } from '@/features/sports/components/StatusBadge';",
          "import { feature } from '@/features/history';",
          "import { PICTURES } from '../pictures';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('let the games registry load feature code only lazily', async () => {
    const file = 'src/games/registry.ts';
    expect(await problems(file, "import { TitliPage } from '@/features/titli/components/TitliPage';")).toEqual([
      'registry',
    ]);
    expect(await problems(file, "export const p = () => import('@/features/titli/components/TitliPage');")).toEqual([]);
  });

  it('keep test code for tests, and let tests compose freely', async () => {
    expect(await problems('src/features/history/x.ts', "import { betView } from '../exchange/testing/bets';")).toEqual([
      'testOnly',
    ]);
    expect(await problems('src/lib/x.ts', "import { getSocket } from '@/testing/fake-socket';")).toEqual(['testOnly']);
    expect(
      await problems(
        'src/features/history/x.test.tsx',
        "import { betView } from '../exchange/testing/bets';\nimport { LiveMatchPage } from '../sports/components/LiveMatchPage';",
      ),
    ).toEqual([]);
  });
});

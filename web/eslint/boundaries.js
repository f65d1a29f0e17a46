/**
 * The web client's import boundaries, as one local ESLint rule (`boundaries/imports`), so they hold in CI (`npm run
 * lint`). It resolves every import of a file under `src/` (static, `export … from`, and `import()`; `@/…` and
 * relative paths alike) to the module it names and checks where that module lives:
 *
 * - `src/lib`, `src/components`, `src/i18n`, `src/config` sit below everything: they import neither `src/features`,
 *   `src/app` nor the games registry (`src/games`).
 * - `src/app` is the composition root: only `src/main.tsx` and `src/app` itself import it.
 * - `src/games` (the games registry) loads feature code only through `import()` (a game's lazy page), so the features
 *   that read the registry (hub, sidebar, Fairness, console) never form an import cycle with it.
 * - A feature reaches another feature only through what that one exposes: its `index.ts`, `wire.ts` and `api/`,
 *   plus the modules listed for it in the rule's `exposes` option (eslint.config.js, each with its reason).
 * - Test code (`*.test.*`, `testing/` folders, `src/test-setup.ts`) is imported by tests only; tests themselves
 *   compose freely and are not checked otherwise.
 *
 * Imports of packages, and files outside `src/`, are not its business.
 */
import path from 'node:path';

const FOUNDATION = ['lib', 'components', 'i18n', 'config'];
const ABOVE_FOUNDATION = ['features', 'app', 'games'];
const CODE = /\.(tsx?|jsx?|mjs)$/;

/** `a/b/c.tsx` → `a/b/c`; a folder's `index` is the folder. */
const moduleOf = (rel) => rel.replace(CODE, '').replace(/(^|\/)index$/, '');

const isTestCode = (rel) =>
  /\.test\.[jt]sx?$/.test(rel) || rel === 'test-setup.ts' || rel.split('/').slice(0, -1).includes('testing');

/** `exposed` entries: a module (`format`, `components/Flash`, `exchange.css`) or a folder with everything in it (`components/`). */
function isPublic(inner, exposed) {
  if (inner === '' || inner === 'wire' || inner.startsWith('api/')) return true;
  return exposed.some((e) => (e.endsWith('/') ? inner.startsWith(e) : inner === e));
}

/** @type {import('eslint').Rule.RuleModule} */
const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'The web client’s layers and features import each other only as ARCHITECTURE.md says' },
    schema: [
      {
        type: 'object',
        properties: {
          src: { type: 'string' },
          exposes: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['src'],
        additionalProperties: false,
      },
    ],
    messages: {
      foundation: 'src/{{layer}} sits below the features and the app: it must not import {{target}}.',
      app: '{{target}} is the app (routes, shells): only src/main.tsx and src/app import it.',
      registry:
        'The games registry loads feature code only with import() (a lazy page), so features can read it without a cycle: {{target}}.',
      internal:
        '{{target}} is inside the {{feature}} feature: import its index.ts, wire.ts or api/, or add the module to what {{feature}} exposes (eslint.config.js) with a reason.',
      testOnly: '{{target}} is test code: only tests import it.',
    },
  },
  create(context) {
    const { src, exposes = {} } = context.options[0];
    const file = path.relative(src, context.filename).split(path.sep).join('/');
    if (file.startsWith('..') || path.isAbsolute(file)) return {};
    const fromTest = isTestCode(file);
    const [fromTop, fromFeature] = file.split('/');

    function check(node, spec, dynamic) {
      if (typeof spec !== 'string') return;
      let abs;
      if (spec.startsWith('@/')) abs = path.join(src, spec.slice(2));
      else if (spec.startsWith('.')) abs = path.resolve(path.dirname(context.filename), spec);
      else return;
      const target = path.relative(src, abs).split(path.sep).join('/');
      if (target.startsWith('..') || path.isAbsolute(target)) return;
      const report = (messageId, data = {}) =>
        context.report({ node, messageId, data: { target: `src/${target}`, ...data } });

      if (isTestCode(target)) return fromTest ? undefined : report('testOnly');
      if (fromTest) return;
      const [top, feature, ...rest] = moduleOf(target).split('/');
      if (top === 'app' && fromTop !== 'app' && file !== 'main.tsx') return report('app');
      if (FOUNDATION.includes(fromTop) && ABOVE_FOUNDATION.includes(top))
        return report('foundation', { layer: fromTop });
      if (fromTop === 'games' && top === 'features' && !dynamic) return report('registry');
      if (fromTop === 'features' && top === 'features' && feature && feature !== fromFeature) {
        if (!isPublic(rest.join('/'), exposes[feature] ?? [])) report('internal', { feature });
      }
    }

    const literal = (n) =>
      n?.type === 'Literal'
        ? n.value
        : n?.type === 'TemplateLiteral' && n.expressions.length === 0
          ? n.quasis[0]?.value.cooked
          : undefined;
    return {
      ImportDeclaration: (n) => check(n.source, n.source.value, false),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value, false),
      ExportAllDeclaration: (n) => check(n.source, n.source.value, false),
      ImportExpression: (n) => check(n.source, literal(n.source), true),
    };
  },
};

export default { meta: { name: 'casino-web-boundaries' }, rules: { imports } };

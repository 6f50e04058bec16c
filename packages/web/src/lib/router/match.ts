// Route matching with the table compiled once. React Router's matchRoutes flattens, ranks and compiles every path of
// the table on each call (≈ 2 ms for the shop's table, on every server render, whose table is made anew per request
// because its loaders close over the request). This does what matchRoutes does — the same ranking, patterns and
// results (match.test.ts compares the two on the shop's table) — with the compiled branches kept per table shape.
import { type Location, type Params, parsePath } from 'react-router';
import type { RouteMatch, RouteObject } from './router.ts';

/** What matching reads of a route. */
export interface MatchableRoute {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: MatchableRoute[];
}

/** One level of a match, named by route id: the route objects are the caller's (a render's own table). */
export interface IdMatch {
  routeId: string;
  params: Params;
  pathname: string;
  pathnameBase: string;
}

interface Level {
  routeId: string;
  matcher: RegExp;
  params: string[];
}

/** A way down the table to a route that can match, with React Router's rank. */
interface Branch {
  score: number;
  childIndexes: number[];
  levels: Level[];
}

const joinPaths = (paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');

function removeTrailingSlash(path: string, minLength = 0): string {
  let end = path.length;
  while (end > minLength && path.charCodeAt(end - 1) === 47) end--;
  return end === path.length ? path : path.slice(0, end);
}

const normalizePathname = (pathname: string) => removeTrailingSlash(pathname).replace(/^\/*/, '/');

const PARAM = /^:[\w-]+$/;

/** React Router's score: static segments above dynamic ones, a splat below, an index route above its parent. */
function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    score += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/** Siblings in table order; others rank equal (the sort is stable: table order again). */
function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? (a.at(-1) ?? 0) - (b.at(-1) ?? 0) : 0;
}

/** React Router's compilePath (without optional segments): the pattern's regular expression and its params. */
function compilePath(path: string, caseSensitive: boolean, end: boolean): Omit<Level, 'routeId'> {
  const params: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_match, name: string) => {
      params.push(name);
      return '/([^\\/]+)';
    })}`;
  if (path.endsWith('*')) {
    params.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  return { matcher: new RegExp(source, caseSensitive ? undefined : 'i'), params };
}

/** The table's branches, ranked. */
function compileBranches(routes: MatchableRoute[]): Branch[] {
  const branches: Branch[] = [];
  type Meta = { route: MatchableRoute; relativePath: string; childIndex: number };
  const flatten = (list: MatchableRoute[], parents: Meta[], parentPath: string): void =>
    list.forEach((route, childIndex) => {
      let relativePath = route.path ?? '';
      // The shop's table has neither; React Router would explode `?` segments into several branches.
      if (relativePath.includes('?')) throw new Error(`optional segments are not matched: ${relativePath}`);
      if (relativePath.startsWith('/')) {
        if (!relativePath.startsWith(parentPath))
          throw new Error(`${relativePath} is not under ${parentPath}`);
        relativePath = relativePath.slice(parentPath.length);
      }
      const path = joinPaths([parentPath, relativePath]);
      const metas = [...parents, { route, relativePath, childIndex }];
      if (route.children?.length) flatten(route.children, metas, path);
      if (route.path == null && !route.index) return;
      branches.push({
        score: computeScore(path, route.index),
        childIndexes: metas.map((meta) => meta.childIndex),
        levels: metas.map((meta, i) => ({
          routeId: meta.route.id ?? '',
          ...compilePath(meta.relativePath, meta.route.caseSensitive === true, i === metas.length - 1),
        })),
      });
    });
  flatten(routes, [], '');
  return branches.sort((a, b) =>
    a.score !== b.score ? b.score - a.score : compareIndexes(a.childIndexes, b.childIndexes),
  );
}

function decodePath(value: string): string {
  try {
    return value
      .split('/')
      .map((part) => decodeURIComponent(part).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return value;
  }
}

function matchBranch(branch: Branch, pathname: string): IdMatch[] | null {
  const params: Record<string, string> = {};
  let matchedPathname = '/';
  const matches: IdMatch[] = [];
  for (const level of branch.levels) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const found = level.matcher.exec(remaining);
    if (!found) return null;
    const matched = found[0];
    let base = removeTrailingSlash(matched, 1);
    level.params.forEach((name, index) => {
      const value = found[index + 1] ?? '';
      if (name === '*') base = removeTrailingSlash(matched.slice(0, matched.length - value.length), 1);
      params[name] = value.replace(/%2F/g, '/');
    });
    // Every level shares the one params object, as React Router's matches do.
    matches.push({
      routeId: level.routeId,
      params,
      pathname: joinPaths([matchedPathname, matched]),
      pathnameBase: normalizePathname(joinPaths([matchedPathname, base])),
    });
    if (base !== '/') matchedPathname = joinPaths([matchedPathname, base]);
  }
  return matches;
}

/** A compiled table: matches a pathname as React Router's matchRoutes does (null when nothing matches). */
export type CompiledTable = (pathname: string) => IdMatch[] | null;

/** Compiles a table whose routes all have ids. */
export function compileTable(routes: MatchableRoute[]): CompiledTable {
  const branches = compileBranches(routes);
  return (pathname) => {
    const decoded = decodePath(pathname || '/');
    for (const branch of branches) {
      const matches = matchBranch(branch, decoded);
      if (matches) return matches;
    }
    return null;
  };
}

/** A route table's shape (ids, paths, nesting: all that matching reads) and its routes by id. */
interface TableIndex {
  shape: string;
  byId: Map<string, RouteObject>;
}

const tableIndexes = new WeakMap<RouteObject[], TableIndex>();

function indexTable(routes: RouteObject[]): TableIndex {
  let index = tableIndexes.get(routes);
  if (index) return index;
  const byId = new Map<string, RouteObject>();
  const shapeOf = (list: RouteObject[]): string =>
    list
      .map((route) => {
        byId.set(route.id ?? '', route);
        const children = route.children ? `(${shapeOf(route.children)})` : '';
        return `${route.id}|${route.index ? '.' : (route.path ?? '')}${children}`;
      })
      .join(',');
  index = { shape: shapeOf(routes), byId };
  tableIndexes.set(routes, index);
  return index;
}

/** Compiled tables by shape: the server makes its table anew for every render, always of the same shape. */
const compiledTables = new Map<string, CompiledTable>();
const KEPT_SHAPES = 4;

/**
 * The server render's matchLocation (router.ts queryRoutes): the routes of this table (every route with an id) that
 * match the location, found with the table of its shape compiled once. Server-only: the browser matches once per
 * navigation with React Router's own, which its bundle holds anyway.
 */
export function matchCompiled(routes: RouteObject[], location: Partial<Location> | string): RouteMatch[] {
  const pathname = (typeof location === 'string' ? parsePath(location).pathname : location.pathname) ?? '/';
  const { shape, byId } = indexTable(routes);
  let compiled = compiledTables.get(shape);
  if (!compiled) {
    if (compiledTables.size >= KEPT_SHAPES)
      compiledTables.delete(compiledTables.keys().next().value as string);
    compiled = compileTable(routes);
    compiledTables.set(shape, compiled);
  }
  return (compiled(pathname) ?? []).map(({ routeId, params, pathname: matched, pathnameBase }) => ({
    params,
    pathname: matched,
    pathnameBase,
    route: byId.get(routeId) as RouteMatch['route'],
  }));
}

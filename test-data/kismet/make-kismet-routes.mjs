#!/usr/bin/env node
/**
 * Makes `kismet-routes.json`: every HTTP and websocket route Kismet's server registers at one
 * release, read from Kismet's C++ source, so svc's route-coverage test can compare svc's route
 * table with it. Node's standard library and git only; it reads the source, never runs it.
 *
 *   node make-kismet-routes.mjs <kismet git repository> <tag> > kismet-routes.json
 *
 * It finds every call of `register_route`, `register_unauth_route` and
 * `register_websocket_route` in the release's `.cc` and `.h` files (comments and `#if 0` blocks
 * removed) and reads its arguments: the path, the methods, the role or roles (Kismet's role
 * constants resolved from their definitions) and the extensions. A path built from a variable
 * is followed to the variable's assignment in the same function (`fmt::format` substitutes its
 * arguments); what is left is a value the code only knows at run time, which `RUN_TIME_VALUES`
 * below names for each file: a URL parameter (a view id, a GPS name) or the values the source
 * passes to the constructor (the kismetdb filters' ids, the scan report URLs), one route per
 * value. A call it cannot resolve stops it with the file and line, so a new release cannot slip
 * a route past it.
 */
import { execFileSync } from 'node:child_process';

const [repository, tag] = process.argv.slice(2);
if (!repository || !tag) {
  process.stderr.write('usage: make-kismet-routes.mjs <kismet git repository> <tag>\n');
  process.exit(2);
}

const git = (...args) => execFileSync('git', ['-C', repository, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
const commit = git('rev-parse', `${tag}^{commit}`).trim();
const files = git('ls-tree', '-r', '--name-only', commit)
  .split('\n')
  .filter((file) => /\.(cc|h)$/.test(file));
const sources = new Map(files.map((file) => [file, clean(git('show', `${commit}:${file}`))]));

/** The calls this lists; the text between `(` and the matching `)` are its arguments. */
const REGISTER_CALL = /(?<![\w:])(register_route|register_unauth_route|register_websocket_route)\s*\(/g;
/** A member function's definition: `type class::name(` at the start of a line. */
const FUNCTION_DEFINITION = /^[A-Za-z_][^\n;]*?(\w+)::~?(\w+)\s*\(/gm;
/** Functions whose own calls forward to another overload (the registration code itself). */
const REGISTRATION_FUNCTIONS = new Set(['register_route', 'register_unauth_route', 'register_websocket_route']);

/**
 * Values a route path takes that the code only knows at run time, by file: a URL parameter
 * (`param`) or the literal first arguments of the constructor calls that match `instances`
 * anywhere in the source (one route for each).
 */
const RUN_TIME_VALUES = {
  'class_filter.cc': { in_id: { instances: /make_shared<class_filter(?:_mac_addr)?>\(\s*"([^"]+)"/g }, 'get_filter_id()': { instances: /make_shared<class_filter(?:_mac_addr)?>\(\s*"([^"]+)"/g } },
  'packet_filter.cc': { in_id: { instances: /make_shared<packet_filter(?:_mac_addr)?>\(\s*"([^"]+)"/g }, 'get_filter_id()': { instances: /make_shared<packet_filter(?:_mac_addr)?>\(\s*"([^"]+)"/g } },
  'datasource_scan.cc': { uri: { instances: /datasource_scan_source\(\s*"([^"]+)"/g } },
  'devicetracker_view.cc': { in_id: { param: ':view' } },
  'gpsmeta.cc': { 'get_gps_name()': { param: ':name' } },
  'phy_adsb.cc': { src_uuid: { param: ':uuid' } },
};
/** Files whose calls register no route of their own, and why. */
const NOT_ROUTES = {
  'kis_external.cc': 'an external helper asks for these routes at run time (its REGISTERURI message); Kismet builds none in',
};

const constants = roleConstants();
const routes = [];
for (const [file, text] of sources) {
  for (const match of text.matchAll(REGISTER_CALL)) {
    const call = match[1];
    const open = match.index + match[0].length - 1;
    const args = splitArguments(text, open);
    const line = text.slice(0, match.index).split('\n').length;
    if (args[0].startsWith('const ')) continue; // a declaration
    if (REGISTRATION_FUNCTIONS.has(enclosingFunction(text, match.index))) continue;
    if (NOT_ROUTES[file]) continue;
    const shape = readCall(call, args, `${file}:${line}`);
    for (const path of resolvePath(file, text, match.index, args[0], `${file}:${line}`)) {
      routes.push({ path, ...shape, source: `${file}:${line}` });
    }
  }
}

const head = {
  kismet: { repository: 'https://github.com/kismetwireless/kismet', tag, commit },
  made_by: 'test-data/kismet/make-kismet-routes.mjs',
  excluded: NOT_ROUTES,
  count: routes.length,
};
// One route a line, so a new release's list reads as a diff of routes.
const body = JSON.stringify(head, null, 2).replace(/\n}$/, `,\n  "routes": [\n${routes.map((route) => `    ${JSON.stringify(route)}`).join(',\n')}\n  ]\n}\n`);
process.stdout.write(body);

/** Source without comments and `#if 0` blocks, line breaks kept so line numbers hold. */
function clean(source) {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      out += source.slice(i, end).replace(/[^\n]/g, '');
      i = end + 1;
    } else out += c;
  }
  const lines = out.split('\n');
  let depth = 0;
  return lines
    .map((text) => {
      const directive = /^\s*#\s*(if|ifdef|ifndef|endif)\b(.*)$/.exec(text);
      if (depth > 0) {
        if (directive?.[1].startsWith('if')) depth++;
        else if (directive?.[1] === 'endif') depth--;
        return '';
      }
      if (directive?.[1] === 'if' && directive[2].trim() === '0') {
        depth = 1;
        return '';
      }
      return text;
    })
    .join('\n');
}

/** The top-level arguments of the call whose `(` is at `open`, trimmed. */
function splitArguments(text, open) {
  const args = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i).trim());
        return args;
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  throw new Error(`unbalanced call at offset ${open}`);
}

/** Name of the function whose body holds `offset`: the last definition opening at column 0 before it. */
function enclosingFunction(text, offset) {
  return [...text.slice(0, offset).matchAll(FUNCTION_DEFINITION)].at(-1)?.[2];
}

/** Kismet's role constants (`LOGON_ROLE` is `admin`, ...), from their definitions. */
function roleConstants() {
  const found = {};
  for (const text of sources.values()) {
    for (const [, name, value] of text.matchAll(/const\s+std::string\s+kis_net_beast_httpd::(\w+_ROLE)\s*[{=]\s*"([^"]*)"/g)) found[name] = value;
  }
  if (!found.LOGON_ROLE || !found.RO_ROLE) throw new Error('Kismet role constants not found');
  return found;
}

/** A string literal's value. */
function literal(arg) {
  const match = /^"((?:[^"\\]|\\.)*)"$/.exec(arg);
  return match ? match[1] : undefined;
}

/** The items of a brace list `{"GET", "POST"}`, each a literal or a role constant. */
function list(arg, where) {
  const match = /^(?:std::list<std::string>)?\{(.*)\}$/s.exec(arg);
  if (!match) throw new Error(`${where}: expected a {...} list, got ${arg}`);
  return match[1].trim() === '' ? [] : match[1].split(',').map((item) => value(item.trim(), where));
}

/** A literal, or a role constant (`httpd->LOGON_ROLE`, `RO_ROLE`). */
function value(arg, where) {
  const text = literal(arg);
  if (text !== undefined) return text;
  const constant = /^(?:httpd->|kis_net_beast_httpd::)?(\w+_ROLE)$/.exec(arg)?.[1];
  if (constant && constants[constant] !== undefined) return constants[constant];
  throw new Error(`${where}: cannot read ${arg}`);
}

/** Role(s) as a list: one value or a brace list. */
function roles(arg, where) {
  return arg.startsWith('{') || arg.startsWith('std::list') ? list(arg, where) : [value(arg, where)];
}

/** Kind, methods, roles, login and extensions of one call. */
function readCall(call, args, where) {
  if (call === 'register_websocket_route') {
    return { kind: 'websocket', methods: ['GET'], roles: roles(args[1], where), login: true, extensions: list(args[2], where) };
  }
  if (call === 'register_unauth_route') {
    return { kind: 'http', methods: list(args[1], where), roles: [], login: false, extensions: args.length === 4 ? list(args[2], where) : null };
  }
  return { kind: 'http', methods: list(args[1], where), roles: roles(args[2], where), login: true, extensions: args.length === 5 ? list(args[3], where) : null };
}

/**
 * The path or paths of a route: a literal, or a variable followed back to its assignment in the
 * function, with `fmt::format` arguments substituted and run-time values expanded.
 */
function resolvePath(file, text, offset, arg, where) {
  const known = RUN_TIME_VALUES[file] ?? {};
  const expand = (expression) => {
    const quoted = literal(expression);
    if (quoted !== undefined) return [quoted];
    if (known[expression]) {
      const rule = known[expression];
      if (rule.param) return [rule.param];
      const values = new Set();
      for (const source of sources.values()) for (const match of source.matchAll(rule.instances)) values.add(match[1]);
      if (values.size === 0) throw new Error(`${where}: no instances of ${expression}`);
      return [...values];
    }
    const format = /^fmt::format\((.*)\)$/s.exec(expression);
    if (format) {
      const [pattern, ...parts] = splitArguments(`(${format[1]})`, 0);
      let results = [literal(pattern)];
      for (const part of parts) {
        const values = expand(part);
        results = results.flatMap((result) => values.map((v) => result.replace('{}', v)));
      }
      return results;
    }
    if (/^\w+$/.test(expression)) {
      const assignment = lastAssignment(text, offset, expression);
      if (assignment !== undefined) return expand(assignment);
    }
    throw new Error(`${where}: cannot resolve the route path ${expression}`);
  };
  return expand(arg);
}

/** The right-hand side of the last `name = ...;` (or member initializer `name{...}`) before `offset` in its function. */
function lastAssignment(text, offset, name) {
  const before = text.slice(0, offset);
  const body = before.slice(functionStart(before));
  const assignments = [...body.matchAll(new RegExp(`(?<![\\w.>])${name}\\s*(?:=\\s*([^;]+);|\\{([^}]*)\\})`, 'g'))];
  const last = assignments.at(-1);
  return last ? (last[1] ?? last[2]).trim() : undefined;
}

/** Where the last function definition (opening at column 0) in `text` starts. */
function functionStart(text) {
  return [...text.matchAll(FUNCTION_DEFINITION)].at(-1)?.index ?? 0;
}

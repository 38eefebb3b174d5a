/**
 * The part of the AWS IoT SQL (version 2016-03-23) the template's rules use: `SELECT` a list of
 * `*`, fields (`a.b`), `topic()`, `topic(n)`, `clientid()`, `timestamp()` with `AS` names;
 * `FROM '<topic filter>'`; `WHERE` comparisons (`=`, `<>`, `!=`) of fields, functions and literals
 * joined by `AND`, `OR`, `NOT` and parentheses. Anything else throws with the statement, so a new
 * rule the harness cannot run fails loudly instead of matching nothing.
 */

export interface IotMessage {
  topic: string;
  clientId: string;
  payload: Buffer;
  /** When the broker received it (ms). */
  timestamp: number;
}

export interface IotRuleQuery {
  topicFilter: string;
  /** The rule's output for a message, or undefined when WHERE does not hold (or the payload is not JSON). */
  apply(message: IotMessage): Record<string, unknown> | undefined;
}

type Expr =
  | { kind: 'field'; path: string[] }
  | { kind: 'call'; name: string; args: Expr[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'binary'; op: string; left: Expr; right: Expr }
  | { kind: 'not'; operand: Expr };

const TOKEN = /\s*(?:('(?:[^']|'')*')|(-?\d+(?:\.\d+)?)|(<>|!=|<=|>=|[=<>(),*.])|([A-Za-z_$][\w$]*))/y;

function tokenize(sql: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < sql.length) {
    if (/^\s*$/.test(sql.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(sql);
    if (!match) throw new Error(`IoT SQL not understood at ${at}: ${sql}`);
    tokens.push(match[1] ?? match[2] ?? match[3] ?? match[4]!);
  }
  return tokens;
}

export function parseIotSql(sql: string): IotRuleQuery {
  const tokens = tokenize(sql);
  let i = 0;
  const peek = () => tokens[i];
  const isWord = (word: string) => peek()?.toUpperCase() === word;
  const fail = (what: string): never => {
    throw new Error(`IoT SQL: ${what} at token ${i} ('${peek() ?? 'end'}') of: ${sql}`);
  };
  const expect = (token: string) => (peek()?.toUpperCase() === token.toUpperCase() ? tokens[i++]! : fail(`expected ${token}`));

  const primary = (): Expr => {
    const token = peek() ?? fail('expected an expression');
    if (token === '(') {
      i++;
      const inner = or();
      expect(')');
      return inner;
    }
    if (token.startsWith("'")) return (i++, { kind: 'literal', value: token.slice(1, -1).replace(/''/g, "'") });
    if (/^-?\d/.test(token)) return (i++, { kind: 'literal', value: Number(token) });
    if (/^(true|false)$/i.test(token)) return (i++, { kind: 'literal', value: token.toLowerCase() === 'true' });
    if (!/^[A-Za-z_$]/.test(token)) fail('expected a field, function or literal');
    i++;
    if (peek() === '(') {
      i++;
      const args: Expr[] = [];
      while (peek() !== ')') {
        args.push(or());
        if (peek() === ',') i++;
      }
      i++;
      return { kind: 'call', name: token.toLowerCase(), args };
    }
    const path = [token];
    while (peek() === '.') {
      i++;
      path.push(tokens[i++] ?? fail('expected a field name'));
    }
    return { kind: 'field', path };
  };
  const comparison = (): Expr => {
    if (isWord('NOT')) return (i++, { kind: 'not', operand: comparison() });
    const left = primary();
    const op = peek();
    if (op === '=' || op === '<>' || op === '!=') return (i++, { kind: 'binary', op, left, right: primary() });
    return left;
  };
  const and = (): Expr => {
    let left = comparison();
    while (isWord('AND')) {
      i++;
      left = { kind: 'binary', op: 'AND', left, right: comparison() };
    }
    return left;
  };
  function or(): Expr {
    let left = and();
    while (isWord('OR')) {
      i++;
      left = { kind: 'binary', op: 'OR', left, right: and() };
    }
    return left;
  }

  expect('SELECT');
  const projection: Array<{ star: true } | { expr: Expr; as: string }> = [];
  do {
    if (peek() === ',') i++;
    if (peek() === '*') {
      i++;
      projection.push({ star: true });
      continue;
    }
    const expr = primary();
    const as = isWord('AS') ? (i++, tokens[i++] ?? fail('expected a name')) : expr.kind === 'field' ? expr.path.at(-1)! : fail('a function needs AS');
    projection.push({ expr, as });
  } while (peek() === ',');
  expect('FROM');
  const from = tokens[i++] ?? fail('expected a topic filter');
  if (!from.startsWith("'")) fail('expected a quoted topic filter');
  const topicFilter = from.slice(1, -1);
  let where: Expr | undefined;
  if (isWord('WHERE')) {
    i++;
    where = or();
  }
  if (i < tokens.length) fail('unexpected text');

  const evaluate = (expr: Expr, doc: Record<string, unknown>, message: IotMessage): unknown => {
    switch (expr.kind) {
      case 'literal':
        return expr.value;
      case 'field':
        return expr.path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), doc);
      case 'not':
        return !evaluate(expr.operand, doc, message);
      case 'call': {
        const args = expr.args.map((a) => evaluate(a, doc, message));
        if (expr.name === 'topic') return args.length ? message.topic.split('/')[Number(args[0]) - 1] : message.topic;
        if (expr.name === 'clientid') return message.clientId;
        if (expr.name === 'timestamp') return message.timestamp;
        throw new Error(`IoT SQL function ${expr.name}() is not implemented by the harness: ${sql}`);
      }
      case 'binary': {
        if (expr.op === 'AND') return Boolean(evaluate(expr.left, doc, message)) && Boolean(evaluate(expr.right, doc, message));
        if (expr.op === 'OR') return Boolean(evaluate(expr.left, doc, message)) || Boolean(evaluate(expr.right, doc, message));
        const left = evaluate(expr.left, doc, message);
        const right = evaluate(expr.right, doc, message);
        // A comparison with an undefined operand is Undefined in IoT SQL, which WHERE treats as false.
        if (left === undefined || right === undefined) return false;
        return expr.op === '=' ? left === right : left !== right;
      }
    }
  };

  return {
    topicFilter,
    apply(message) {
      let doc: Record<string, unknown>;
      try {
        const parsed = JSON.parse(message.payload.toString('utf8')) as unknown;
        // IoT SQL sees a non-object JSON payload as no fields; rules here project objects only.
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
        doc = parsed as Record<string, unknown>;
      } catch {
        return undefined;
      }
      if (where && evaluate(where, doc, message) !== true) return undefined;
      const out: Record<string, unknown> = {};
      for (const item of projection) {
        if ('star' in item) Object.assign(out, doc);
        else {
          const value = evaluate(item.expr, doc, message);
          if (value !== undefined) out[item.as] = value;
        }
      }
      return out;
    },
  };
}

/** MQTT topic filter matching (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}

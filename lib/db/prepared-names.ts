/**
 * Names for the PGlite bridge's prepared statements. PGlite runs every statement in the same
 * process and thread as the app, so parsing and planning a statement again on every call is
 * app CPU; a named statement is parsed once per session and then only bound and executed
 * (bench/RESULTS.md: a parametrised select goes from about 0.5 to 0.2 ms). Each distinct
 * parametrised text gets a name, up to `limit` texts: beyond that, statements run unnamed, so
 * an unbounded set of texts (an IN list of every length) cannot grow the session without bound.
 * PostgreSQL connections do not use this: a transaction-mode pooler in front of a hosted
 * PostgreSQL does not keep named statements between transactions.
 */
export class PreparedNames {
  private readonly names = new Map<string, string>();
  /**
   * node-postgres remembers per connection which names the server has parsed. The bridge's
   * connections all reach the same PGlite session, where the statements live, so every
   * connection of one PGlite instance shares these two records (a connection that replaced a
   * discarded one must not parse a name again: the session would answer "already exists").
   */
  readonly parsedStatements: Record<string, string> = {};
  readonly submittedNamedStatements: Record<string, string> = {};

  constructor(private readonly limit = 500) {}

  /** Makes a bridge connection use this session's record of parsed statements. */
  adopt(connection: { parsedStatements: Record<string, string>; submittedNamedStatements: Record<string, string> }) {
    connection.parsedStatements = this.parsedStatements;
    connection.submittedNamedStatements = this.submittedNamedStatements;
  }

  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.limit) return known;
    const name = `meridian_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

type QueryConfig = { text?: unknown; values?: unknown; name?: unknown };

/**
 * The arguments of a `pg.Client#query` call, with a name added when the call is a parametrised
 * statement (a text with at least one value) that has none: `(text, values, callback?)` becomes
 * `({ text, values }, callback?)`. Everything else is returned as it was.
 */
export function withStatementName(names: PreparedNames, args: unknown[]): unknown[] {
  const [first, second, ...rest] = args;
  if (typeof first === "string" && Array.isArray(second) && second.length > 0) {
    const name = names.nameFor(first);
    return name ? [{ text: first, values: second, name }, ...rest] : args;
  }
  if (first && typeof first === "object" && typeof (first as { submit?: unknown }).submit !== "function") {
    const config = first as QueryConfig;
    const values = Array.isArray(second) ? second : config.values;
    if (typeof config.text === "string" && !config.name && Array.isArray(values) && values.length > 0) {
      const name = names.nameFor(config.text);
      if (name) return [{ ...config, name }, ...args.slice(1)];
    }
  }
  return args;
}

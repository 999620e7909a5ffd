/** One request as tests see it: which script it hit, which model it asked for, the answer status. */
export type LoggedRequest = {
  /** Script key, or null when the demo brain answered. */
  key: string | null;
  model: string | null;
  /** Path below the base path, e.g. "/chat/completions". */
  path: string;
  /** The parsed JSON body (null for GET or an unparseable body). */
  body: unknown;
  /** Epoch milliseconds, so tests can measure backoff between retries. */
  receivedAt: number;
  status: number;
  /** The client closed a streamed answer before its end (an aborted call). */
  closedByClient?: boolean;
  /**
   * Epoch milliseconds at which a streamed answer's first token (the first event after the role
   * event) went out: the model's own time to first token, delays of a busy machine included.
   */
  firstTokenAt?: number;
};

/** Keeps the newest `limit` requests; 0 keeps none (the in-app demo model). */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  constructor(private readonly limit: number) {}

  add(entry: LoggedRequest): void {
    if (this.limit <= 0) return;
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
  }

  list(key?: string): LoggedRequest[] {
    return key === undefined ? [...this.entries] : this.entries.filter((entry) => entry.key === key);
  }

  clear(): void {
    this.entries = [];
  }
}

/** A model endpoint's response plus what the log records about the request. */
export type Handled = { response: Response; key: string | null; model: string | null };

import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import {
  WRITES_IDX_MAP,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type pg from "pg";
import { joinMessages, MessageCachingSerializer } from "./checkpoint-serde";
import { DecodedCheckpoints } from "./decoded-checkpoints";

/** `($1, $2, …), ($7, …)` for `rows` rows of `width` parameters, numbered from `from`. */
function valuesList(rows: number, width: number, from = 1): string {
  return Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, c) => `$${from + r * width + c}`).join(", ")})`,
  ).join(", ");
}

type TupleRow = {
  kind: "b" | "c" | "m" | "w";
  a: string | null;
  b: string | null;
  c: string | null;
  blob: Uint8Array | null;
  checkpoint: (Omit<Checkpoint, "channel_values"> & { v: number }) | null;
  metadata: Record<string, unknown> | null;
};

/** Fresh-thread marks kept at most (each is consumed by the thread's first read). */
const MAX_FRESH = 10_000;

/** Serialized size of the histories kept decoded (DecodedCheckpoints). */
const DECODED_BUDGET_BYTES = 32 * 1024 * 1024;

const bytes = (text: string | null) => new TextEncoder().encode(text ?? "");

/** Channel name of the rows that each hold one history message, keyed by its content (no real channel). */
const MESSAGE_ROWS = "__messages__";
/** Blob type of a message-list channel stored as the content keys of its message rows, in order. */
const MESSAGE_KEYS = "message-keys";
/** Above this many rows, a checkpoint's new message rows go ahead in their own statements (parameter limit). */
const ROWS_PER_STATEMENT = 1000;

type BlobRow = [string, string, string, string, string, Uint8Array | undefined];

/**
 * The stock PostgresSaver writes a checkpoint as BEGIN, one INSERT per changed channel, the
 * checkpoint row and COMMIT (about 20 round trips), and each task's writes the same way. This
 * one sends a checkpoint as one statement (blobs and row together, so still atomic) and a task's
 * writes as one: same tables, same rows, read back by the stock code. It reads a checkpoint as
 * one row per blob and write: the stock query aggregates them into one bytea array, which the
 * driver parses character by character (40 % of a turn's CPU at 100 turns of history).
 *
 * A message list (the history) is not stored whole at every step: each message is a row of its
 * own in `checkpoint_blobs` (channel `__messages__`, version = its content key), written once,
 * and the channel's blob lists the keys in order (type `message-keys`). A turn writes its new
 * messages and a list of keys instead of the whole history again (1 MB at 300 turns, three times
 * a turn). Checkpoints stored whole by earlier versions are read as before.
 */
export class BatchedPostgresSaver extends PostgresSaver {
  /**
   * The channel values of the last checkpoint this process wrote or read per thread (root
   * namespace), decoded. A thread's next run reads the head checkpoint's id and writes from the
   * database and, when the id is still the remembered one, takes the values from here instead of
   * reading and reviving the whole history (P4: the history's revival grew with every turn).
   * Another process that wrote the thread has written a new id, so it is never served stale.
   */
  private readonly decoded = new DecodedCheckpoints(DECODED_BUDGET_BYTES);

  /**
   * Writes of this process not finished yet, per thread. A read of a thread waits for them, so
   * this process always reads its own writes: a run stopped mid-answer ends while LangGraph's last
   * checkpoint may still be on its way, and what runs next on the thread (keeping the partial
   * answer, the next turn) must build on it, not on the one before (on PostgreSQL the pool sends
   * them on different connections, in any order).
   */
  private readonly writing = new Map<string, Set<Promise<unknown>>>();

  /**
   * Threads this process created just now, whose first read needs no query: they have no
   * checkpoint yet. One read consumes the mark and any write of the thread drops it, so a mark
   * never outlives the start of the run that created the thread.
   */
  private readonly fresh = new Set<string>();

  constructor(private readonly db: pg.Pool) {
    super(db, new MessageCachingSerializer());
  }

  /** `threadId` was created just now (its row is new), so no checkpoint of it exists. */
  markFresh(threadId: string): void {
    if (this.fresh.size >= MAX_FRESH) this.fresh.clear(); // runs that never read their thread
    this.fresh.add(threadId);
  }

  /** Runs `write` as one of the thread's in-flight writes. */
  private async tracked<T>(threadId: string, write: () => Promise<T>): Promise<T> {
    this.fresh.delete(threadId);
    const promise = write();
    let pending = this.writing.get(threadId);
    if (!pending) this.writing.set(threadId, (pending = new Set()));
    pending.add(promise);
    try {
      return await promise;
    } finally {
      pending.delete(promise);
      if (pending.size === 0 && this.writing.get(threadId) === pending) this.writing.delete(threadId);
    }
  }

  /** Resolves once the writes of `threadId` this process has started are done (failed ones too). */
  async writesSettled(threadId: string): Promise<void> {
    const pending = this.writing.get(threadId);
    if (pending) await Promise.allSettled([...pending]);
  }

  /** Forgets a thread's remembered values (its checkpoints are deleted). */
  override async deleteThread(threadId: string): Promise<void> {
    this.decoded.forget(threadId);
    this.fresh.delete(threadId);
    await super.deleteThread(threadId);
  }

  override async put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    if (config.configurable === undefined) throw new Error(`Missing "configurable" field in "config" param`);
    return this.tracked(config.configurable.thread_id, () => this.putNow(config, checkpoint, metadata, newVersions));
  }

  private async putNow(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    if (config.configurable === undefined) throw new Error(`Missing "configurable" field in "config" param`);
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable;
    const [{ rows: allBlobs, bytes: size, keys }, serializedMetadata] = await Promise.all([
      this.dumpChannels(thread_id, checkpoint_ns, checkpoint.channel_values, newVersions),
      this._dumpMetadata(metadata),
    ]);
    let blobs = allBlobs;
    if (blobs.length > ROWS_PER_STATEMENT) {
      // Message rows are content-addressed and harmless alone: they may go ahead of the checkpoint.
      const ahead = blobs.filter((b) => b[2] === MESSAGE_ROWS);
      for (let i = 0; i < ahead.length; i += ROWS_PER_STATEMENT)
        await this.insertBlobs(ahead.slice(i, i + ROWS_PER_STATEMENT));
      blobs = blobs.filter((b) => b[2] !== MESSAGE_ROWS);
    }
    const row = [
      thread_id,
      checkpoint_ns,
      checkpoint.id,
      checkpoint_id,
      this._dumpCheckpoint(checkpoint),
      serializedMetadata,
    ];
    const upsertRow = `INSERT INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
      VALUES ${valuesList(1, 6, blobs.length * 6 + 1)}
      ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata`;
    const text =
      blobs.length === 0
        ? upsertRow
        : `WITH blobs AS (
            INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
            VALUES ${valuesList(blobs.length, 6)}
            ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING
          ) ${upsertRow}`;
    await this.db.query(text, [...blobs.flat(), ...row]);
    if (checkpoint_ns === "") this.decoded.remember(thread_id, checkpoint.id, checkpoint.channel_values, size, keys);
    return { configurable: { thread_id, checkpoint_ns, checkpoint_id: checkpoint.id } };
  }

  /**
   * The blob rows of the changed channels: a message list as its keys plus the message rows this
   * process does not know to be stored yet (all of them when it knows nothing of the thread).
   * `bytes` is the serialized size of the values, `keys` the message rows stored once these are.
   */
  private async dumpChannels(
    threadId: string,
    ns: string,
    values: Record<string, unknown>,
    versions: ChannelVersions,
  ): Promise<{ rows: BlobRow[]; bytes: number; keys: Set<string> }> {
    const known = ns === "" ? this.decoded.get(threadId)?.keys : undefined;
    const serde = this.serde as MessageCachingSerializer;
    const rows: BlobRow[] = [];
    const keys = new Set<string>();
    const others: ChannelVersions = {};
    let size = 0;
    for (const [channel, version] of Object.entries(versions)) {
      const parts = channel in values ? serde.messageParts(values[channel]) : undefined;
      if (!parts) {
        others[channel] = version;
        continue;
      }
      for (const { json, key } of parts) {
        size += json.byteLength + 1;
        if (keys.has(key)) continue;
        keys.add(key);
        if (!known?.has(key)) rows.push([threadId, ns, MESSAGE_ROWS, key, "json", json]);
      }
      const list = Buffer.from(JSON.stringify(parts.map((p) => p.key)));
      rows.push([threadId, ns, channel, version.toString(), MESSAGE_KEYS, list]);
    }
    const rest = (await this._dumpBlobs(threadId, ns, values, others)) as BlobRow[];
    for (const row of rest) size += row[5]?.byteLength ?? 0;
    return { rows: [...rows, ...rest], bytes: size, keys };
  }

  private async insertBlobs(rows: BlobRow[]): Promise<void> {
    await this.db.query(
      `INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
       VALUES ${valuesList(rows.length, 6)} ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING`,
      rows.flat(),
    );
  }

  /** Checkpoints newest first, each read as getTuple reads it (the stock query cannot assemble histories). */
  override async *list(
    config: RunnableConfig,
    options?: { filter?: Record<string, unknown>; before?: RunnableConfig; limit?: number },
  ): AsyncGenerator<CheckpointTuple> {
    const { filter, before, limit } = options ?? {};
    const [where, args] = this._searchWhere(config, filter, before);
    const max = limit === undefined ? "" : ` LIMIT ${Number.parseInt(String(limit), 10)}`;
    const { rows } = await this.db.query<{ thread_id: string; checkpoint_ns: string; checkpoint_id: string }>(
      `SELECT thread_id, checkpoint_ns, checkpoint_id FROM checkpoints ${where} ORDER BY checkpoint_id DESC${max}`,
      args,
    );
    for (const { thread_id, checkpoint_ns, checkpoint_id } of rows) {
      const tuple = await this.getTuple({ configurable: { thread_id, checkpoint_ns, checkpoint_id } });
      if (tuple) yield tuple;
    }
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable ?? {};
    if (this.fresh.delete(thread_id)) return undefined;
    await this.writesSettled(thread_id);
    const known = !checkpoint_id && checkpoint_ns === "" ? this.decoded.get(thread_id) : undefined;
    let rows = await this.readTuple(thread_id, checkpoint_ns, checkpoint_id, !known);
    let head = rows.find((r) => r.kind === "c");
    const cached = known && head?.a === known.id ? known.values : undefined;
    if (known && !cached) {
      rows = await this.readTuple(thread_id, checkpoint_ns, checkpoint_id, true);
      head = rows.find((r) => r.kind === "c");
    }
    if (!head?.checkpoint) return undefined;
    // Checkpoints older than format 4 keep their sends on the parent: the stock code migrates them.
    if (head.checkpoint.v < 4 && head.b != null) return super.getTuple(config);
    const writes = rows
      .filter((r) => r.kind === "w")
      .map((r) => [bytes(r.a), bytes(r.b), bytes(r.c), r.blob ?? new Uint8Array()]);
    const at = (id: string) => ({ configurable: { thread_id, checkpoint_ns, checkpoint_id: id } });
    let checkpoint: Checkpoint;
    if (cached) {
      checkpoint = { ...(await this._loadCheckpoint(head.checkpoint, [])), channel_values: { ...cached } };
    } else {
      const stored = new Map(rows.filter((r) => r.kind === "m").map((r) => [r.a!, r.blob ?? new Uint8Array()]));
      const blobs = rows.filter((r) => r.kind === "b").map((r) => assembled(r, stored));
      checkpoint = await this._loadCheckpoint(head.checkpoint, blobs);
      if (!checkpoint_id && checkpoint_ns === "") {
        const size = blobs.reduce((n, b) => n + b[2].byteLength, 0);
        this.decoded.remember(thread_id, head.a!, checkpoint.channel_values, size, new Set(stored.keys()));
      }
    }
    return {
      config: at(head.a!),
      checkpoint,
      metadata: await this._loadMetadata(head.metadata ?? {}),
      parentConfig: head.b ? at(head.b) : undefined,
      pendingWrites: await this._loadWrites(writes as [Uint8Array, Uint8Array, Uint8Array, Uint8Array][]),
    };
  }

  /**
   * The checkpoint row, its task writes and (with `withBlobs`) its channel blobs and the message
   * rows its message lists name, as one statement.
   */
  private async readTuple(
    threadId: string,
    ns: string,
    checkpointId: string | undefined,
    withBlobs: boolean,
  ): Promise<TupleRow[]> {
    const which = checkpointId
      ? "WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id = $3"
      : "WHERE thread_id = $1 AND checkpoint_ns = $2 ORDER BY checkpoint_id DESC LIMIT 1";
    const blobs = `UNION ALL
       SELECT 'b', bl.channel, bl.type, NULL, bl.blob, NULL, NULL, 0
         FROM cp, jsonb_each_text(cp.checkpoint -> 'channel_versions') v
         JOIN checkpoint_blobs bl ON bl.channel = v.key AND bl.version = v.value
        WHERE bl.thread_id = cp.thread_id AND bl.checkpoint_ns = cp.checkpoint_ns
       UNION ALL
       SELECT 'm', m.version, NULL, NULL, m.blob, NULL, NULL, 0
         FROM cp, jsonb_each_text(cp.checkpoint -> 'channel_versions') v
         JOIN checkpoint_blobs bl ON bl.channel = v.key AND bl.version = v.value
         JOIN checkpoint_blobs m ON m.thread_id = bl.thread_id AND m.checkpoint_ns = bl.checkpoint_ns
          AND m.channel = '${MESSAGE_ROWS}'
          AND m.version IN (SELECT jsonb_array_elements_text(convert_from(bl.blob, 'UTF8')::jsonb))
        WHERE bl.thread_id = cp.thread_id AND bl.checkpoint_ns = cp.checkpoint_ns AND bl.type = '${MESSAGE_KEYS}'`;
    const { rows } = await this.db.query<TupleRow>(
      `WITH cp AS (
         SELECT thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata FROM checkpoints ${which}
       )
       SELECT 'c' AS kind, checkpoint_id AS a, parent_checkpoint_id AS b, NULL::text AS c, NULL::bytea AS blob,
              checkpoint, metadata, 0 AS idx
         FROM cp
       ${withBlobs ? blobs : ""}
       UNION ALL
       SELECT 'w', cw.task_id, cw.channel, cw.type, cw.blob, NULL, NULL, cw.idx
         FROM cp JOIN checkpoint_writes cw
           ON cw.thread_id = cp.thread_id AND cw.checkpoint_ns = cp.checkpoint_ns AND cw.checkpoint_id = cp.checkpoint_id
       ORDER BY kind, a, idx`,
      checkpointId ? [threadId, ns, checkpointId] : [threadId, ns],
    );
    return rows;
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    if (writes.length === 0) return;
    return this.tracked(config.configurable?.thread_id, () => this.putWritesNow(config, writes, taskId));
  }

  private async putWritesNow(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    const { thread_id, checkpoint_ns, checkpoint_id } = config.configurable ?? {};
    const upsert = writes.every((w) => w[0] in WRITES_IDX_MAP);
    const dumped = await this._dumpWrites(thread_id, checkpoint_ns, checkpoint_id, taskId, writes);
    // One statement may not touch a row twice: keep the write the stock saver's sequence would leave.
    const byIdx = new Map<unknown, unknown[]>();
    for (const w of dumped) if (upsert || !byIdx.has(w[4])) byIdx.set(w[4], w);
    const rows = [...byIdx.values()];
    await this.db.query(
      `INSERT INTO checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
       VALUES ${valuesList(rows.length, 8)}
       ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) DO ${
         upsert ? "UPDATE SET channel = EXCLUDED.channel, type = EXCLUDED.type, blob = EXCLUDED.blob" : "NOTHING"
       }`,
      rows.flat(),
    );
  }
}

/** A channel blob as the stock loader takes it: a list of message keys becomes the list's JSON. */
function assembled(row: TupleRow, stored: Map<string, Uint8Array>): [Uint8Array, Uint8Array, Uint8Array] {
  if (row.b !== MESSAGE_KEYS) return [bytes(row.a), bytes(row.b), row.blob ?? new Uint8Array()];
  const keys = JSON.parse(Buffer.from(row.blob ?? []).toString("utf8")) as string[];
  const parts = keys.map((key) => {
    const json = stored.get(key);
    if (!json) throw new Error(`Checkpoint channel "${row.a}" names message ${key}, which is not stored`);
    return json;
  });
  return [bytes(row.a), bytes("json"), joinMessages(parts)];
}

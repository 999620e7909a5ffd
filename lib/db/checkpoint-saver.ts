import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import {
  WRITES_IDX_MAP,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointMetadata,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type pg from "pg";

/** `($1, $2, …), ($7, …)` for `rows` rows of `width` parameters, numbered from `from`. */
function valuesList(rows: number, width: number, from = 1): string {
  return Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, c) => `$${from + r * width + c}`).join(", ")})`,
  ).join(", ");
}

/**
 * The stock PostgresSaver writes a checkpoint as BEGIN, one INSERT per changed channel, the
 * checkpoint row and COMMIT (about 20 round trips), and each task's writes the same way. This
 * one sends a checkpoint as one statement (blobs and row together, so still atomic) and a task's
 * writes as one: same tables, same rows, read back by the stock code.
 */
export class BatchedPostgresSaver extends PostgresSaver {
  constructor(private readonly db: pg.Pool) {
    super(db);
  }

  override async put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    if (config.configurable === undefined) throw new Error(`Missing "configurable" field in "config" param`);
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable;
    const [blobs, serializedMetadata] = await Promise.all([
      this._dumpBlobs(thread_id, checkpoint_ns, checkpoint.channel_values, newVersions),
      this._dumpMetadata(metadata),
    ]);
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
    return { configurable: { thread_id, checkpoint_ns, checkpoint_id: checkpoint.id } };
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    if (writes.length === 0) return;
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

/** What PostgreSQL's own statistics say about a load on one database, for the checkout benchmark: where its
 * sessions wait (pg_stat_activity and pg_locks, sampled), and how many rows each table's statements touched
 * (pg_stat_user_tables, before and after). */
import pg from "pg";

/** Share of the samples in which an active session was in each state, and the lock waits seen. */
export interface WaitFigures {
  samples: number;
  /** Active sessions per sample, on average. */
  activeSessions: number;
  /** "CPU" (running), or the wait event's type and name (e.g. "Lock:transactionid", "IO:WALSync"), with the
   * share of active session samples it took. */
  states: { state: string; share: number }[];
  /** Sessions waiting for a lock: the lock's kind and relation (or the row's transaction), the waiting statement's
   * start, and how many samples saw it. */
  lockWaits: { lock: string; statement: string; samples: number }[];
}

const STATES = `
  select coalesce(wait_event_type || ':' || wait_event, 'CPU') as state, count(*)::int as n
  from pg_stat_activity
  where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
  group by 1`;
const LOCK_WAITS = `
  select l.locktype || coalesce(':' || c.relname, '') || ' ' || l.mode as lock,
         left(regexp_replace(a.query, '\\s+', ' ', 'g'), 70) as statement
  from pg_locks l
  join pg_stat_activity a on a.pid = l.pid
  left join pg_class c on c.oid = l.relation
  where not l.granted and a.datname = current_database()`;

/** Samples the database's sessions every `everyMs` until stop() answers the figures. */
export async function sampleWaits(url: string, everyMs = 20): Promise<{ stop(): Promise<WaitFigures> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const states = new Map<string, number>();
  const locks = new Map<string, { lock: string; statement: string; samples: number }>();
  let samples = 0;
  let active = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const [s, l] = await Promise.all([
        client.query<{ state: string; n: number }>(STATES),
        client.query<{ lock: string; statement: string }>(LOCK_WAITS),
      ]);
      samples++;
      for (const row of s.rows) {
        states.set(row.state, (states.get(row.state) ?? 0) + row.n);
        active += row.n;
      }
      for (const row of l.rows) {
        const key = `${row.lock}|${row.statement}`;
        const seen = locks.get(key) ?? { ...row, samples: 0 };
        seen.samples++;
        locks.set(key, seen);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return {
        samples,
        activeSessions: samples ? Math.round((active / samples) * 10) / 10 : 0,
        states: [...states]
          .map(([state, n]) => ({ state, share: active ? Math.round((n / active) * 1000) / 1000 : 0 }))
          .sort((a, b) => b.share - a.share),
        lockWaits: [...locks.values()].sort((a, b) => b.samples - a.samples).slice(0, 8),
      };
    },
  };
}

type TableCounts = Record<string, { scans: number; inserted: number; updated: number; hotUpdated: number }>;

/** The tables' statement counters (index and sequential scans, rows inserted, updated, updated in place). */
export async function tableCounts(url: string): Promise<TableCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: string; scans: string; ins: string; upd: string; hot: string }>(
      `select relname as t, coalesce(idx_scan, 0) + seq_scan as scans, n_tup_ins as ins, n_tup_upd as upd,
              n_tup_hot_upd as hot
       from pg_stat_user_tables`,
    );
    const out: TableCounts = {};
    for (const r of rows)
      out[r.t] = { scans: Number(r.scans), inserted: Number(r.ins), updated: Number(r.upd), hotUpdated: Number(r.hot) };
    return out;
  } finally {
    await client.end();
  }
}

/** The database's transactions so far (committed and rolled back), as its sessions have reported them. */
export async function transactionCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Per order, what changed between two tableCounts(), for the tables that moved (most touched first). */
export function perOrder(
  before: TableCounts,
  after: TableCounts,
  orders: number,
): { table: string; scans: number; inserted: number; updated: number; hotUpdated: number }[] {
  const round = (n: number) => Math.round((n / Math.max(orders, 1)) * 100) / 100;
  return Object.entries(after)
    .map(([table, a]) => {
      const b = before[table] ?? { scans: 0, inserted: 0, updated: 0, hotUpdated: 0 };
      return {
        table,
        scans: round(a.scans - b.scans),
        inserted: round(a.inserted - b.inserted),
        updated: round(a.updated - b.updated),
        hotUpdated: round(a.hotUpdated - b.hotUpdated),
      };
    })
    .filter((t) => t.scans + t.inserted + t.updated > 0)
    .sort((x, y) => y.scans + y.inserted + y.updated - (x.scans + x.inserted + x.updated));
}

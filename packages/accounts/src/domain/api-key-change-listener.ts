import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The channel the key-change triggers notify (migration 1765200000000). */
export const API_KEY_CHANGES_CHANNEL = 'quarry_api_key_changes';
/** How the listening connection shows in `pg_stat_activity`. */
export const API_KEY_LISTENER_APPLICATION_NAME = 'quarry-api-key-listener';

/** How often the listening connection is asked to answer. */
const HEARTBEAT_MS = 250;
/** How long after an answered heartbeat was sent every earlier change counts as heard. */
const TRUSTED_FOR_MS = 1_000;
/** A heartbeat unanswered this long ends the connection, to open a new one. */
const HEARTBEAT_TIMEOUT_MS = 10_000;
const RECONNECT_MS = 1_000;

/** What this needs of node-postgres's `Client`, as TypeORM's driver loaded it. */
interface ListeningClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification' | 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

interface PostgresDriver {
  postgres: { Client: new (options: object) => ListeningClient };
  master: { options: { connectionTimeoutMillis?: number } };
}

/**
 * One PostgreSQL connection of its own, opened with the data source pool's options, that LISTENs
 * to the key-change triggers and calls `onChange` for every notification. `heard` is true only
 * while that connection answers: a heartbeat every 250 ms, and every change committed before an
 * answered heartbeat was sent has reached `onChange` before the answer (PostgreSQL sends a
 * listener's notifications ahead of its query results). So `heard` turns false a second after
 * the last answered heartbeat was sent. `caughtUp()` goes further for a request: it answers once a
 * query sent after the request arrived has answered, so every change committed before it arrived
 * has been heard. A connection that fails, or leaves a heartbeat unanswered for 10 s, is replaced a
 * second later, and `onChange` is called once the new one listens, since changes made meanwhile
 * were never heard.
 */
export class ApiKeyChangeListener {
  private readonly logger = new Logger('ApiKeysService');
  private client?: ListeningClient;
  /** `performance.now()` when the last answered heartbeat (or the LISTEN) was sent. */
  private confirmedAt?: number;
  private heartbeat?: NodeJS.Timeout;
  private beating = false;
  private reconnect?: NodeJS.Timeout;
  private closed = false;
  /** This event-loop turn's catch-up query, shared by the requests that arrived together. */
  private turnCatchUp?: Promise<boolean>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly onChange: () => void,
  ) {}

  /** Whether every key change committed until less than a second ago has reached `onChange`. */
  get heard(): boolean {
    return this.confirmedAt !== undefined && performance.now() - this.confirmedAt < TRUSTED_FOR_MS;
  }

  /**
   * True once every key change committed before this call has reached `onChange`: a `SELECT 1` on
   * the listening connection, sent now, has answered (its notifications come ahead of its result).
   * The requests of one event-loop turn, which all arrived before it was sent, share one query.
   * False at once while the connection is not trusted (`heard`), and if the query fails or takes
   * more than a second.
   */
  caughtUp(): Promise<boolean> {
    const client = this.client;
    if (!client || !this.heard) {
      this.start();
      return Promise.resolve(false);
    }
    if (!this.turnCatchUp) {
      let timer: NodeJS.Timeout | undefined;
      // A connection that stalls makes requests read their keys after a second, not wait for it.
      const stalled = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, TRUSTED_FOR_MS, false)));
      const answered = client.query('SELECT 1').then(
        () => this.client === client,
        (error: Error) => {
          this.drop(client, error);
          return false;
        },
      );
      this.turnCatchUp = Promise.race([answered, stalled]).finally(() => clearTimeout(timer));
      setImmediate(() => (this.turnCatchUp = undefined));
    }
    return this.turnCatchUp;
  }

  /** Opens the connection unless it is open, opening or waiting to reopen. */
  start(): void {
    if (this.client || this.reconnect || this.closed) return;
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    if (client) {
      this.stop(client);
      await client.end().catch(() => undefined);
    }
  }

  private async connect(): Promise<void> {
    const { postgres, master } = this.dataSource.driver as unknown as PostgresDriver;
    const client = new postgres.Client({
      ...master.options,
      connectionTimeoutMillis: master.options.connectionTimeoutMillis ?? HEARTBEAT_TIMEOUT_MS,
      application_name: API_KEY_LISTENER_APPLICATION_NAME,
      keepAlive: true,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    this.client = client;
    client.on('notification', () => this.onChange());
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client));
    try {
      await client.connect();
      const sentAt = performance.now();
      await client.query(`LISTEN ${API_KEY_CHANGES_CHANNEL}`);
      if (this.client !== client) return;
      this.onChange();
      this.confirmedAt = sentAt;
      this.heartbeat = setInterval(() => void this.beat(client), HEARTBEAT_MS).unref();
    } catch (error) {
      this.drop(client, error as Error);
    }
  }

  private async beat(client: ListeningClient): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    const sentAt = performance.now();
    try {
      await client.query('SELECT 1');
      if (this.client === client) this.confirmedAt = sentAt;
    } catch (error) {
      this.drop(client, error as Error);
    } finally {
      this.beating = false;
    }
  }

  /** Stops trusting `client` and opens a new connection in a second. */
  private drop(client: ListeningClient, error?: Error): void {
    if (this.client !== client) return;
    const wasListening = this.confirmedAt !== undefined;
    this.stop(client);
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (wasListening)
      this.logger.warn(
        `Lost the API key change listener (${error?.message ?? 'connection ended'}); keys are read per request until it is back.`,
      );
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      this.start();
    }, RECONNECT_MS).unref();
  }

  private stop(client: ListeningClient): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.confirmedAt = undefined;
    clearInterval(this.heartbeat);
  }
}

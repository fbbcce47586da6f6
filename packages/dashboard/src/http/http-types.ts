import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DashboardSession } from '../domain/dashboard-sessions.service';

/** The request as the dashboard reads it: Node's, with the parsed form and the session the guard found. */
export interface DashboardRequest extends IncomingMessage {
  body?: Record<string, string>;
  dashboardSession?: DashboardSession & { token: string };
}

export type DashboardResponse = ServerResponse;

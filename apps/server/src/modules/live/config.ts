/** How the ingest runs (`INGEST`): a child of the server, on its own machine, or none. */
export type IngestMode = 'managed' | 'external' | 'off';
/** Where events are packaged (`PACKAGER`): in this process, or by `cli.ts packager` elsewhere. */
export type PackagerMode = 'in-process' | 'external';
/** When the demo's cameras publish (`DEMO_CAMERAS`): a channel's from its first request, on a viewer's first stream request, or never. */
export type DemoCamerasMode = 'eager' | 'on-demand' | 'off';

export const DEFAULT_INGEST_RTMP_PORT = 1935;
export const DEFAULT_INGEST_HTTP_PORT = 1936;
/** spec: a camera that comes back within 2 minutes resumes the same game. */
export const DEFAULT_LIVE_GRACE_SECONDS = 120;
/** How often lost signals are checked against the grace period. */
export const DEFAULT_LIVE_SWEEP_MS = 1000;
/** Refused publishes an address may make in a minute before every publish from it is refused. */
export const DEFAULT_INGEST_REFUSAL_LIMIT = 20;
/** A packaging worker that has not been heard of for this long loses its events to another. */
export const PACKAGER_STALE_MS = 10_000;
/** How often a packaging worker tells the database it still holds its events. */
export const PACKAGER_HEARTBEAT_MS = 2000;

/** The live module's settings, from `loadConfig().live`. */
export interface LiveConfig {
  ingest: IngestMode;
  rtmpHost: string;
  rtmpPort: number;
  httpPort: number;
  /** The "Server" producers copy: never built from a request's Host. */
  publicUrl: string;
  /** Where packagers pull the events' streams (`<pullUrl>/<internal name>`). */
  pullUrl: string;
  /** Where nginx calls the server back. */
  callbackUrl: string;
  /** The ingest's stat and control page. */
  controlUrl: string;
  /** Addresses allowed to pull from the ingest (the packagers'). */
  playAllow: string[];
  graceSeconds: number;
  sweepMs: number;
  demoCameras: DemoCamerasMode;
  packager: PackagerMode;
  refusalLimit: number;
}

export function defaultLiveConfig(port: number): LiveConfig {
  return {
    ingest: 'off',
    rtmpHost: '0.0.0.0',
    rtmpPort: DEFAULT_INGEST_RTMP_PORT,
    httpPort: DEFAULT_INGEST_HTTP_PORT,
    publicUrl: `rtmp://localhost:${DEFAULT_INGEST_RTMP_PORT}/live`,
    pullUrl: `rtmp://127.0.0.1:${DEFAULT_INGEST_RTMP_PORT}/live`,
    callbackUrl: `http://127.0.0.1:${port}`,
    controlUrl: `http://127.0.0.1:${DEFAULT_INGEST_HTTP_PORT}`,
    playAllow: ['127.0.0.1'],
    graceSeconds: DEFAULT_LIVE_GRACE_SECONDS,
    sweepMs: DEFAULT_LIVE_SWEEP_MS,
    demoCameras: 'off',
    packager: 'in-process',
    refusalLimit: DEFAULT_INGEST_REFUSAL_LIMIT,
  };
}

// The few parts of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests per second across all connections (a fixed rate; latencies corrected for coordinated omission). */
    overallRate?: number;
    requests?: { setupRequest?: (request: RawRequest) => RawRequest }[];
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    /** Requests: how many were answered in all. */
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}

// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  type Options = {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    timeout?: number;
    requests?: (Request & { setupRequest?: (request: Request, context: Record<string, unknown>) => Request })[];
  };
  type Histogram = { average: number; mean: number; p50: number; p99: number; max: number; total: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

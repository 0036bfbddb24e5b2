// CloudWatch metrics as embedded-metric-format (EMF) log lines: one JSON object on its own stdout
// line, which CloudWatch Logs turns into metrics with no PutMetricData call and no extra IAM. Written
// straight to stdout (not through console.log), so Lambda's JSON log format leaves the line as it is.

export type MetricSink = (line: string) => void;

const stdout: MetricSink = (line) => process.stdout.write(line + '\n');

/** One EMF line: `values` by metric name (unit Count), under `namespace`, with `dimensions`. */
export function emfLine(
  namespace: string,
  dimensions: Readonly<Record<string, string>>,
  values: Readonly<Record<string, number>>,
  at: Date = new Date(),
): string {
  return JSON.stringify({
    _aws: {
      Timestamp: at.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [Object.keys(dimensions)],
          Metrics: Object.keys(values).map((Name) => ({ Name, Unit: 'Count' })),
        },
      ],
    },
    ...dimensions,
    ...values,
  });
}

export function putMetrics(
  namespace: string,
  dimensions: Readonly<Record<string, string>>,
  values: Readonly<Record<string, number>>,
  sink: MetricSink = stdout,
): void {
  sink(emfLine(namespace, dimensions, values));
}

// The sweep's metric (issue #20) as a CloudWatch embedded-metric-format line: one JSON object whose
// _aws block names the namespace, the dimension set and the metric, with the values at the top level.
import { STUCK_METRIC } from '../../../../shared/infra/definitions';
import { emfLine, putMetrics } from '../../../../lambdas/core/metrics';

describe('EMF lines', () => {
  it('follow the embedded metric format specification', () => {
    const at = new Date('2026-11-26T04:00:00.000Z');
    const line = emfLine(
      STUCK_METRIC.namespace,
      { FunctionName: 'sweep-fn' },
      { [STUCK_METRIC.name]: 3 },
      at,
    );
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      _aws: {
        Timestamp: at.getTime(),
        CloudWatchMetrics: [
          {
            Namespace: 'SignSeal',
            Dimensions: [['FunctionName']],
            Metrics: [{ Name: 'DocumentsStuckInGenerating', Unit: 'Count' }],
          },
        ],
      },
      FunctionName: 'sweep-fn',
      DocumentsStuckInGenerating: 3,
    });
  });

  it('are written whole, one per call, to the sink', () => {
    const lines: string[] = [];
    putMetrics('SignSeal', { FunctionName: 'f' }, { DocumentsStuckInGenerating: 0 }, (l) => lines.push(l));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).DocumentsStuckInGenerating).toBe(0);
  });
});

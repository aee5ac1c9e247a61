package io.mink.bench.connect;

/**
 * What one run of the Kafka Connect sink did, timed by the worker's REST API (when its task was RUNNING) and the
 * table's snapshots (when the sink committed).
 *
 * @param records the rows the sink committed, all the topic's records
 * @param bytes the topic's key and value bytes
 * @param startupNanos from the JVM's launch until the task was RUNNING: JVM start, Connect's start, the connector's
 * @param runNanos from the task's start until the commit that holds every record: the headline time
 * @param cpuNanos the worker JVM's CPU time over {@link #runNanos}, -1 where unknown
 * @param startupCpuNanos its CPU time over {@link #startupNanos}, -1 where unknown
 * @param commits the sink's commits with rows
 * @param steadyRecordsPerSecond the rows committed between the first and the last commit over the time between them,
 *     which leaves the start, the sink's warm-up until its first commit and the wait for that commit out; NaN with a
 *     single commit
 * @param steadyCpuSecondsPerMillion the worker JVM's CPU-seconds per million of those rows, from when the benchmark
 *     saw the first commit to when it saw the last (each up to a poll late); NaN with a single commit
 * @param brokerCpuNanos this JVM's CPU time over {@link #runNanos}: the in-process broker serving the sink, and the
 *     benchmark polling the catalog; -1 where unknown
 * @param otherCpuNanos the rest of the machine's CPU time over {@link #runNanos}, -1 where unknown
 */
record SinkOutcome(
    long records,
    long bytes,
    long startupNanos,
    long runNanos,
    long cpuNanos,
    long startupCpuNanos,
    int commits,
    double steadyRecordsPerSecond,
    double steadyCpuSecondsPerMillion,
    long brokerCpuNanos,
    long otherCpuNanos) {
  double recordsPerSecond() {
    return records * 1e9 / runNanos;
  }

  double megabytesPerSecond() {
    return bytes / 1e6 * 1e9 / runNanos;
  }
}

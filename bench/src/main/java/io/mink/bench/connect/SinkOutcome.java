package io.mink.bench.connect;

/**
 * What one run of the Kafka Connect sink did, timed by the worker's REST API (when it answered, when its task was
 * RUNNING) and the table's snapshots (when the sink committed). The headline figures are the user's view, measured
 * as Mink's {@link ServeOutcome}: from adding the connector to a running worker until the commit that holds every
 * record, with the CPU time of the whole worker JVM from its launch.
 *
 * @param records the rows the sink committed, all the topic's records
 * @param bytes the topic's key and value bytes
 * @param startupNanos from the JVM's launch until its REST API answered: JVM start, Connect's start
 * @param startupCpuNanos the worker JVM's CPU time over {@link #startupNanos}, -1 where unknown
 * @param userNanos from the connector's creation ({@code POST /connectors}) until the commit that holds every
 *     record: the headline time
 * @param processCpuNanos the worker JVM's CPU time from its launch until the benchmark saw that commit: its start,
 *     its JIT compilers, its collector and the sink; -1 where unknown
 * @param taskStartNanos from the connector's creation until its task was RUNNING
 * @param runNanos from the task's start until the commit that holds every record
 * @param runCpuNanos the worker JVM's CPU time over {@link #runNanos}, -1 where unknown
 * @param commits the sink's commits with rows
 * @param steadyRecordsPerSecond the rows committed between the first and the last commit over the time between them,
 *     which leaves the start, the sink's warm-up until its first commit and the wait for that commit out; NaN with a
 *     single commit
 * @param steadyCpuSecondsPerMillion the worker JVM's CPU-seconds per million of those rows, from when the benchmark
 *     saw the first commit to when it saw the last (each up to a poll late); NaN with a single commit
 * @param brokerCpuNanos this JVM's CPU time over {@link #userNanos}: the in-process broker serving the sink, and the
 *     benchmark polling the catalog; -1 where unknown
 * @param otherCpuNanos the rest of the machine's CPU time over {@link #userNanos}, -1 where unknown
 */
record SinkOutcome(
    long records,
    long bytes,
    long startupNanos,
    long startupCpuNanos,
    long userNanos,
    long processCpuNanos,
    long taskStartNanos,
    long runNanos,
    long runCpuNanos,
    int commits,
    double steadyRecordsPerSecond,
    double steadyCpuSecondsPerMillion,
    long brokerCpuNanos,
    long otherCpuNanos) {}

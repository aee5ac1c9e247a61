package io.mink.bench.connect;

/**
 * What one run of {@code mink serve} did for the user: a JVM of its own, timed from {@code mink table add} until
 * the table's Mink snapshot carries the topic's end offsets, with the CPU time of the whole {@code mink serve} JVM
 * from its launch (its start, the JIT compilers, the collector and the schedule with it).
 *
 * @param records the rows the table holds, all the topic's records
 * @param bytes the topic's key and value bytes
 * @param startupNanos from the JVM's launch until it printed that it serves
 * @param startupCpuNanos its CPU time over {@link #startupNanos}, -1 where unknown
 * @param tableAddNanos how long {@code mink table add}, a JVM of its own, ran
 * @param tableAddCpuNanos that JVM's CPU time, not counted in {@link #processCpuNanos}; -1 where unknown
 * @param userNanos from the launch of {@code mink table add} until the commit (the snapshot's time) that holds every
 *     record: the headline time
 * @param processCpuNanos the {@code mink serve} JVM's CPU time from its launch until the benchmark saw that commit,
 *     -1 where unknown
 * @param rounds the Mink snapshots of the table: the rounds that committed rows
 * @param brokerCpuNanos this JVM's CPU time over {@link #userNanos}: the in-process broker serving Mink, the registry,
 *     and the benchmark polling the catalog; -1 where unknown
 * @param otherCpuNanos the rest of the machine's CPU time over {@link #userNanos}, -1 where unknown
 */
record ServeOutcome(
    long records,
    long bytes,
    long startupNanos,
    long startupCpuNanos,
    long tableAddNanos,
    long tableAddCpuNanos,
    long userNanos,
    long processCpuNanos,
    int rounds,
    long brokerCpuNanos,
    long otherCpuNanos) {}

package io.mink.bench.connect;

import static java.util.Objects.requireNonNull;

import io.mink.bench.MinkEndToEnd.Outcome;
import io.mink.bench.PhaseResult;
import io.mink.bench.Throughput;

/**
 * One row of the comparison: what a phase moved, in how long, and its CPU time.
 *
 * @param processCpuNanos the CPU time of the whole process that did the work: this JVM over the timed part for
 *     Mink's rounds and the fetch limit, the in-process broker included; the {@code mink serve} JVM and the sink's
 *     worker JVM from their launch, their start included; -1 where the timed part is not all the process did
 * @param threadCpuNanos the CPU time of the threads that did the work (fetching, writing), -1 where not measured
 */
record PhaseFigures(
    String name, long records, long bytes, long nanos, long processCpuNanos, long threadCpuNanos) {
  PhaseFigures {
    requireNonNull(name, "name is null");
  }

  /** A fetch limit: one consumer thread; the phase did nothing but read. */
  static PhaseFigures fetch(PhaseResult phase) {
    Throughput throughput = phase.throughput();
    return new PhaseFigures(
        phase.name(),
        throughput.records(),
        throughput.bytes(),
        throughput.nanos(),
        phase.resources().cpuNanos(),
        throughput.cpu().fetchNanos());
  }

  /** A write limit: its writer threads; the phase also read and decoded, untimed, so no process figure. */
  static PhaseFigures write(PhaseResult phase) {
    Throughput throughput = phase.throughput();
    return new PhaseFigures(
        phase.name(),
        throughput.records(),
        throughput.bytes(),
        throughput.nanos(),
        -1,
        throughput.cpu().writeNanos());
  }

  /** Mink end to end: the JVM over its rounds, and the round's thread plus the writer lanes. */
  static PhaseFigures mink(String name, Outcome outcome) {
    Throughput throughput = outcome.throughput();
    long fetch = throughput.cpu().fetchNanos();
    long write = throughput.cpu().writeNanos();
    return new PhaseFigures(
        name,
        throughput.records(),
        throughput.bytes(),
        throughput.nanos(),
        outcome.processCpuNanos(),
        fetch < 0 || write < 0 ? -1 : fetch + write);
  }

  /**
   * Mink as a user runs it: from {@code mink table add} until the commit that holds every record, and the whole
   * {@code mink serve} JVM from its launch.
   */
  static PhaseFigures serve(String name, ServeOutcome outcome) {
    return new PhaseFigures(
        name,
        outcome.records(),
        outcome.bytes(),
        outcome.userNanos(),
        outcome.processCpuNanos(),
        -1);
  }

  /**
   * The sink, measured as {@link #serve}: from adding the connector to the running worker until the commit that
   * holds every record, and the whole worker JVM from its launch.
   */
  static PhaseFigures sink(String name, SinkOutcome outcome) {
    return new PhaseFigures(
        name,
        outcome.records(),
        outcome.bytes(),
        outcome.userNanos(),
        outcome.processCpuNanos(),
        -1);
  }

  double recordsPerSecond() {
    return records * 1e9 / nanos;
  }

  double megabytesPerSecond() {
    return bytes / 1e6 * 1e9 / nanos;
  }

  /** CPU-seconds per million records of the process, NaN where unknown. */
  double processCpuSecondsPerMillion() {
    return perMillion(processCpuNanos);
  }

  /** CPU-seconds per million records of the working threads, NaN where unknown. */
  double threadCpuSecondsPerMillion() {
    return perMillion(threadCpuNanos);
  }

  private double perMillion(long cpuNanos) {
    return cpuNanos < 0 || records == 0 ? Double.NaN : cpuNanos / 1e3 / records;
  }
}

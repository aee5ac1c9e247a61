package io.mink.bench.registry;

import java.util.function.Supplier;

/** One measured phase: what its timed part moved, and what the whole phase cost. */
record PhaseResult(String name, Throughput throughput, PhaseMeter.Cost cost, long wallNanos) {
  /** Runs the phase between a start and a read of the meter; fewer records than expected voids the figures. */
  static PhaseResult measure(String name, long expectedRecords, Supplier<Throughput> phase) {
    PhaseMeter meter = PhaseMeter.start();
    long started = System.nanoTime();
    Throughput throughput = phase.get();
    long wallNanos = System.nanoTime() - started;
    PhaseMeter.Cost cost = meter.read();
    if (throughput.records() != expectedRecords) {
      throw new IllegalStateException("Phase " + name + " handled " + throughput.records() + " records, not the "
          + expectedRecords + " produced: the figures are void");
    }
    return new PhaseResult(name, throughput, cost, wallNanos);
  }

  double recordsPerSecond() {
    return throughput.recordsPerSecond();
  }

  /** This JVM's CPU time over the phase's wall time: the cores it kept busy, -1 if unknown. */
  double coresBusy() {
    return cost.cpuNanos() < 0 ? -1 : (double) cost.cpuNanos() / wallNanos;
  }

  /** Other processes' CPU time over the phase's wall time: the cores they took, -1 if unknown. */
  double otherCoresBusy() {
    return cost.otherCpuNanos() < 0 ? -1 : (double) cost.otherCpuNanos() / wallNanos;
  }
}

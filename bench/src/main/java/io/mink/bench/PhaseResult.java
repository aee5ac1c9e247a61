package io.mink.bench;

import io.mink.bench.ResourceMeter.ResourceUse;
import java.util.function.Supplier;

/**
 * One measured phase: what it moved in its timed part, and the heap and CPU the whole phase used.
 *
 * @param wallNanos the whole phase's time; more than the throughput's where the phase times only a
 *     part of its work (the write limit does not time its reads)
 */
public record PhaseResult(
    String name, Throughput throughput, ResourceUse resources, long wallNanos) {
  /**
   * Runs the phase between a start and a read of the resource meter, and checks that it handled every
   * record of the topic: fewer means records vanished from Kafka and the figures are void.
   */
  public static PhaseResult measure(String name, long expectedRecords, Supplier<Throughput> phase) {
    ResourceMeter meter = ResourceMeter.start();
    long started = System.nanoTime();
    Throughput throughput = phase.get();
    long wallNanos = System.nanoTime() - started;
    ResourceUse resources = meter.read();
    if (throughput.records() != expectedRecords) {
      throw new IllegalStateException("Phase " + name + " handled " + throughput.records()
          + " records, not the " + expectedRecords
          + " produced: did retention delete some? The benchmark topic must keep everything");
    }
    return new PhaseResult(name, throughput, resources, wallNanos);
  }

  public double recordsPerSecond() {
    return throughput.recordsPerSecond();
  }

  /** The JVM's CPU time over the whole phase's wall time: how many cores it kept busy, -1 if unknown. */
  public double coresBusy() {
    return resources.cpuNanos() < 0 ? -1 : (double) resources.cpuNanos() / wallNanos;
  }

  /** The rest of the machine's CPU time over the phase's wall time: cores taken by others, -1 if unknown. */
  public double otherCoresBusy() {
    return resources.otherCpuNanos() < 0 ? -1 : (double) resources.otherCpuNanos() / wallNanos;
  }
}

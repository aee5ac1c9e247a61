package io.mink.samples.bench;

import io.mink.samples.bench.HeapMeter.HeapUse;
import java.util.function.Supplier;

/** One measured phase: what it moved, in how long, and the heap it used. */
record PhaseResult(String name, Throughput throughput, HeapUse heap) {
  /**
   * Runs the phase between a reset and a read of the heap meter, and checks that it handled every
   * record of the topic: fewer means records vanished from Kafka and the figures are void.
   */
  static PhaseResult measure(String name, long expectedRecords, Supplier<Throughput> phase) {
    HeapMeter meter = HeapMeter.start();
    Throughput throughput = phase.get();
    HeapUse heap = meter.read();
    if (throughput.records() != expectedRecords) {
      throw new IllegalStateException("Phase " + name + " handled " + throughput.records() + " records, not the "
          + expectedRecords + " produced: did retention delete some? The benchmark topic must keep everything");
    }
    return new PhaseResult(name, throughput, heap);
  }

  double recordsPerSecond() {
    return throughput.recordsPerSecond();
  }
}

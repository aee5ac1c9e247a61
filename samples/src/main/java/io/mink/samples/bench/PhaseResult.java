package io.mink.samples.bench;

import io.mink.samples.bench.HeapPeaks.HeapPeak;
import java.util.function.Supplier;

/** One measured phase: what it moved, in how long, and the heap it peaked at. */
record PhaseResult(String name, Throughput throughput, HeapPeak heap) {
  /** Runs the phase between a reset and a read of the heap peaks. */
  static PhaseResult measure(String name, Supplier<Throughput> phase) {
    HeapPeaks.reset();
    Throughput throughput = phase.get();
    return new PhaseResult(name, throughput, HeapPeaks.read());
  }

  double recordsPerSecond() {
    return throughput.recordsPerSecond();
  }
}

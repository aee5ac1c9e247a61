package io.mink.bench.read;

import io.mink.bench.PhaseResult;
import java.util.List;

/** Every measured phase of one run of the union read benchmark, by what it measured. */
record ReadFigures(
    PhaseResult lake,
    PhaseResult icebergLimit,
    PhaseResult lakePrimitive,
    PhaseResult icebergPrimitive,
    PhaseResult fetchLimit,
    PhaseResult decodeLimit,
    PhaseResult tail,
    PhaseResult tailUnbounded,
    PhaseResult union,
    PhaseResult json,
    PhaseResult arrow) {
  /** In the order the final table lists them. */
  List<PhaseResult> all() {
    return List.of(
        lake,
        icebergLimit,
        lakePrimitive,
        icebergPrimitive,
        tail,
        tailUnbounded,
        fetchLimit,
        decodeLimit,
        union,
        json,
        arrow);
  }
}

package io.mink.bench.profile;

import java.util.List;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * The step of the data path a CPU sample belongs to: the first frame from the top of its stack whose
 * class belongs to a step decides (so a JDK method counts for the step that called it).
 */
public enum PathStep {
  COMPRESSION(
      "compression",
      "com.github.luben.zstd.",
      "io.airlift.compress.",
      "org.xerial.snappy.",
      "org.apache.parquet.hadoop.codec.",
      "java.util.zip."),
  PARQUET(
      "parquet encode",
      "org.apache.parquet.",
      "org.apache.iceberg.parquet.",
      "shaded.parquet.",
      "org.apache.iceberg.io.",
      "io.mink.lake.write.batch."),
  DECODE(
      "decode",
      "io.mink.schema.avro.",
      "io.mink.schema.protobuf.",
      "io.mink.schema.json.",
      "com.fasterxml.jackson.core."),
  DETECT(
      "detect",
      "io.mink.schema.wire.",
      "io.mink.schema.registry.",
      "io.mink.schema.decode.",
      "io.mink.indexer.round.RegistryWaitingParts",
      "io.mink.indexer.round.RecordParts"),
  ROWS(
      "row building",
      "io.mink.schema.table.",
      "io.mink.schema.batch.",
      "io.mink.indexer.round.RowBuilder"),
  HANDOFF(
      "hand-off",
      "io.mink.indexer.round.WriterLanes",
      "io.mink.indexer.round.RoundSinks",
      "io.mink.indexer.round.PartitionSink",
      "io.mink.lake.write."),
  FETCH("fetch", "org.apache.kafka.clients.", "org.apache.kafka.common."),
  BROKER("broker", "kafka.", "org.apache.kafka."),
  COMMIT("commit", "org.apache.iceberg.", "org.sqlite.", "io.mink.lake."),
  OTHER("other"),
  IDLE("idle");

  /**
   * Frames that count for their caller: value and vector classes every step uses, and the local FileIO that
   * writes data files and metadata alike.
   */
  private static final List<String> SHARED = List.of(
      "org.apache.iceberg.data.GenericRecord",
      "org.apache.iceberg.types.",
      "org.apache.arrow.",
      "io.mink.lake.io.");

  private final String label;
  private final List<String> prefixes;

  PathStep(String label, String... prefixes) {
    this.label = label;
    this.prefixes = List.of(prefixes);
  }

  public String label() {
    return label;
  }

  /** The step of a sample's stack; {@link #IDLE} for a thread waiting in native code (a socket, a poll). */
  public static PathStep of(RecordedStackTrace stack) {
    if (stack == null || stack.getFrames().isEmpty()) {
      return OTHER;
    }
    List<RecordedFrame> frames = stack.getFrames();
    for (RecordedFrame frame : frames) {
      String type = frame.getMethod().getType().getName();
      if (SHARED.stream().anyMatch(type::startsWith)) {
        continue;
      }
      for (PathStep step : values()) {
        for (String prefix : step.prefixes) {
          if (type.startsWith(prefix)) {
            return step;
          }
        }
      }
    }
    return OTHER;
  }

  /** The step of a native-method sample: only compression runs natively on the data path; the rest waits. */
  public static PathStep ofNative(RecordedStackTrace stack) {
    PathStep step = of(stack);
    return step == COMPRESSION ? step : IDLE;
  }
}

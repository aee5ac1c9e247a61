package io.mink.bench.encoders;

import io.mink.indexer.round.WriterBudget;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.write.ParquetEncoder;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The Parquet encoders Mink could write typed rows with, on the same rows in one JVM: parquet-java
 * through Iceberg as Mink wrote before its per-column encodings, with them, and with zstd level 1;
 * Arrow C++ (arrow-dataset) and DuckDB's COPY from Arrow batches, and Mink's DuckDB writer from column batches. Each writes one file of N rows after
 * a warm-up; CPU is the whole process's (native threads included), per record. Every file is read back
 * by Iceberg's generic reader and its metrics taken from the footer. Usage: bench/parquet-encoders [rows].
 */
public final class ParquetEncoderBenchmark {
  private static final int SAMPLE_ROWS = 100_000;
  private static final long WARM_UP_ROWS = 200_000;

  private ParquetEncoderBenchmark() {}

  public static void main(String[] args) throws IOException {
    if (args.length > 1 || (args.length == 1 && !args[0].replace("_", "").matches("[1-9][0-9]*"))) {
      System.err.println(
          "Usage: bench/parquet-encoders [rows (default 1000000), a whole number of at least 1]");
      System.exit(2);
    }
    long count = args.length == 0 ? 1_000_000 : Long.parseLong(args[0].replace("_", ""));
    System.out.printf(
        Locale.ROOT,
        "== Parquet encoders on Mink's typed rows: %,d rows (%,d distinct Avro orders,"
            + " 28 columns), one file each%n",
        count,
        SAMPLE_ROWS);
    OrderRows rows = OrderRows.build(SAMPLE_ROWS, 42);
    Map<String, String> mink =
        new HashMap<>(MinkTableLayout.properties("bench", null, 128L << 20, Map.of()));
    mink.putAll(WriterBudget.defaults(2).parquetProperties(mink));
    Map<String, String> level1 = new HashMap<>(mink);
    level1.put("write.parquet.compression-level", "1");
    Path directory = Files.createTempDirectory("mink-encoders");
    try (BufferAllocator allocator = new RootAllocator()) {
      List<Encoder> encoders = List.of(
          Encoder.parquetJava("parquet-java, every column dictionary (before)", mink, false),
          Encoder.parquetJava("parquet-java, per-column encodings", mink, true),
          Encoder.parquetJava("parquet-java, per-column, zstd level 1", level1, true),
          Encoder.parquetJavaFromBatches("parquet-java value writers from column batches", mink),
          Encoder.minkWriter(
              "column-wise from column batches (Mink)", mink, ParquetEncoder.PARQUET_JAVA),
          Encoder.minkWriter(
              "DuckDB from column batches (Mink's writer)", mink, ParquetEncoder.DUCKDB),
          Encoder.arrowBatchesOnly(allocator),
          Encoder.arrowDataset(allocator),
          Encoder.duckDb(allocator, "zstd"),
          Encoder.duckDb(allocator, "snappy"));
      System.out.printf(
          Locale.ROOT,
          "row group %s bytes, dictionary page %s bytes, zstd (as Mink's writer with a 2 GiB heap)%n",
          mink.get("write.parquet.row-group-size-bytes"),
          mink.get("write.parquet.dict-size-bytes"));
      System.out.printf(
          Locale.ROOT,
          "%-48s %12s %12s %10s  %s%n",
          "encoder",
          "records/s",
          "CPU us/rec",
          "file MB",
          "Iceberg check");
      for (Encoder encoder : encoders) {
        Path warm = directory.resolve("warm-up.parquet");
        encoder.write(rows, WARM_UP_ROWS, warm);
        Files.deleteIfExists(warm);
        Path file = directory.resolve(encoder.name().replaceAll("[^A-Za-z0-9]+", "-") + ".parquet");
        long cpu = processCpuNanos();
        long started = System.nanoTime();
        encoder.write(rows, count, file);
        long elapsed = System.nanoTime() - started;
        long cpuUsed = processCpuNanos() - cpu;
        boolean wrote = Files.exists(file);
        String check = wrote ? EncodedFileCheck.check(rows, count, file) : "-";
        System.out.printf(
            Locale.ROOT,
            "%-48s %,12.0f %12.2f %10s  %s%n",
            encoder.name(),
            count * 1e9 / elapsed,
            cpuUsed / 1e3 / count,
            wrote ? String.format(Locale.ROOT, "%.1f", Files.size(file) / 1e6) : "-",
            check);
        Files.deleteIfExists(file);
      }
    } finally {
      try (var files = Files.walk(directory)) {
        files
            .sorted(java.util.Comparator.reverseOrder())
            .forEach(path -> path.toFile().delete());
      }
    }
    System.exit(0);
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}

package io.mink.bench.encoders;

import io.mink.lake.write.ColumnEncodings;
import io.mink.lake.write.ParquetEncoder;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.batch.BatchParquetWriter;
import io.mink.lake.write.batch.BatchRow;
import io.mink.lake.write.duckdb.DuckDbSupport;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.dataset.file.DatasetFileWriter;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.parquet.Parquet;
import org.duckdb.DuckDBConnection;

/** One way to write rows to one Parquet file. */
interface Encoder {
  String name();

  /** Writes {@code count} rows (the sample cycled) to {@code file}. */
  void write(OrderRows rows, long count, Path file);

  /** parquet-java through Iceberg's generic writer, with the given writer properties. */
  static Encoder parquetJava(String name, Map<String, String> properties, boolean tuned) {
    return new Encoder() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public void write(OrderRows rows, long count, Path file) {
        Map<String, String> all = new HashMap<>(properties);
        if (tuned) {
          try (RowBatch sample = RowBatch.of(rows.schema(), rows.rows())) {
            all.putAll(ColumnEncodings.choose(rows.schema(), sample, properties));
          }
        }
        try (FileAppender<Record> appender = Parquet.write(
                org.apache.iceberg.Files.localOutput(file.toFile()))
            .schema(rows.schema())
            .createWriterFunc(GenericParquetWriter::create)
            .setAll(all)
            .build()) {
          List<Record> sample = rows.rows();
          for (long i = 0; i < count; i++) {
            appender.add(sample.get((int) (i % sample.size())));
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  /**
   * parquet-java's column writers fed a value at a time from the column batch Mink's rounds build, through
   * Mink's batch value writer (what Mink wrote with before its column-wise encoder, and still does for v2 pages
   * and bloom filters): the rows are a batch beforehand, as in the other parquet-java encoders, so only the
   * encoding is timed.
   */
  static Encoder parquetJavaFromBatches(String name, Map<String, String> properties) {
    return new Encoder() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public void write(OrderRows rows, long count, Path file) {
        Map<String, String> all = new HashMap<>(properties);
        try (RowBatch sample = RowBatch.of(rows.schema(), rows.rows())) {
          all.putAll(ColumnEncodings.choose(rows.schema(), sample, properties));
          try (FileAppender<BatchRow> appender = Parquet.write(
                  org.apache.iceberg.Files.localOutput(file.toFile()))
              .schema(rows.schema())
              .createWriterFunc(type -> BatchParquetWriter.of(rows.schema(), type))
              .setAll(all)
              .build()) {
            BatchRow row = new BatchRow();
            int size = sample.rows();
            for (long i = 0; i < count; i++) {
              appender.add(row.at(sample, (int) (i % size)));
            }
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  /**
   * Mink's writer (PartitionFileWriter) with {@code encoder}, fed the column batch of the rows, handed over as
   * many times as {@code count} needs: as in {@link #parquetJavaFromBatches} only the encoding is timed, plus
   * the move of the finished file. parquet-java files get the per-column encodings a round chooses; DuckDB's
   * files carry the ids of the rows' schema, which a new table renumbers.
   */
  static Encoder minkWriter(String name, Map<String, String> properties, ParquetEncoder encoder) {
    return new Encoder() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public void write(OrderRows rows, long count, Path file) {
        if (encoder == ParquetEncoder.DUCKDB) {
          DuckDbSupport.refusal(rows.schema(), PartitionSpec.unpartitioned()).ifPresent(why -> {
            throw new IllegalStateException("DuckDB cannot write the bench's rows: " + why);
          });
        }
        Path location = file.resolveSibling(file.getFileName() + ".table");
        Table table = new HadoopTables(new Configuration())
            .create(rows.schema(), PartitionSpec.unpartitioned(), properties, location.toString());
        try (RowBatch sample = RowBatch.of(rows.schema(), rows.rows())) {
          Map<String, String> writerProperties = encoder == ParquetEncoder.PARQUET_JAVA
              ? ColumnEncodings.choose(rows.schema(), sample, properties)
              : Map.of();
          try (PartitionFileWriter writer = PartitionFileWriter.open(
              table,
              rows.schema(),
              PartitionFileWriter.writerFactory(table, rows.schema(), writerProperties),
              "bench",
              0,
              Long.MAX_VALUE,
              encoder)) {
            long whole = count / sample.rows();
            for (long i = 0; i < whole; i++) {
              writer.write(sample);
            }
            int rest = (int) (count % sample.rows());
            if (rest > 0) {
              writer.write(rows.rows().subList(0, rest));
            }
            List<DataFile> files = writer.complete();
            Files.move(Path.of(files.get(0).location().replaceFirst("^file:", "")), file);
          }
          deleteTree(location);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  private static void deleteTree(Path directory) throws IOException {
    try (var paths = Files.walk(directory)) {
      paths
          .sorted(java.util.Comparator.reverseOrder())
          .forEach(path -> path.toFile().delete());
    }
  }

  /** Arrow C++'s Parquet writer (arrow-dataset), fed Arrow batches built from the rows. */
  static Encoder arrowDataset(BufferAllocator allocator) {
    return new Encoder() {
      @Override
      public String name() {
        return "Arrow C++ (arrow-dataset), uncompressed";
      }

      @Override
      public void write(OrderRows rows, long count, Path file) {
        Path directory = file.resolveSibling(file.getFileName() + ".dir");
        try (RowBatches batches = new RowBatches(allocator, rows, count)) {
          DatasetFileWriter.write(
              allocator, batches, FileFormat.PARQUET, directory.toUri().toString());
          try (var written = Files.list(directory)) {
            Files.move(written.findFirst().orElseThrow(), file);
          }
          Files.delete(directory);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  /** DuckDB's COPY TO parquet, reading the rows' Arrow batches through the Arrow C stream interface. */
  static Encoder duckDb(BufferAllocator allocator, String compression) {
    return new Encoder() {
      @Override
      public String name() {
        return "DuckDB COPY, " + compression + ", 1 thread";
      }

      @Override
      public void write(OrderRows rows, long count, Path file) {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
            ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator);
            Statement statement = connection.createStatement()) {
          statement.execute("SET threads = 1");
          Data.exportArrayStream(allocator, new RowBatches(allocator, rows, count), stream);
          connection.unwrap(DuckDBConnection.class).registerArrowStream("batches", stream);
          statement.execute("COPY (SELECT * FROM batches) TO '" + file
              + "' (FORMAT parquet, COMPRESSION " + compression + ", FIELD_IDS "
              + io.mink.lake.write.duckdb.DuckDbFieldIds.of(rows.schema()) + ")");
        } catch (SQLException e) {
          throw new IllegalStateException(
              "DuckDB could not write " + file + ": " + e.getMessage(), e);
        }
      }
    };
  }

  /** Only the rows to Arrow batches, nothing written: what the native encoders pay before encoding. */
  static Encoder arrowBatchesOnly(BufferAllocator allocator) {
    return new Encoder() {
      @Override
      public String name() {
        return "rows to Arrow batches only";
      }

      @Override
      public void write(OrderRows rows, long count, Path file) {
        try (RowBatches batches = new RowBatches(allocator, rows, count)) {
          while (batches.loadNextBatch()) {
            // building the batch is the work
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }
}

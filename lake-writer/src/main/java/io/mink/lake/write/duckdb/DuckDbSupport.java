package io.mink.lake.write.duckdb;

import io.mink.lake.PartitionSpecs;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether DuckDB can write a table's Parquet files: its native library and Arrow's C data interface load on
 * this platform (tried once per JVM), every type of the schema reads back exactly in Iceberg, and every row
 * of a Kafka partition has one partition key.
 *
 * <p>Iceberg's uuid and fixed types are refused: DuckDB writes their Arrow fixed-size binary as a BLOB, a
 * Parquet BYTE_ARRAY, where Iceberg expects a FIXED_LEN_BYTE_ARRAY.
 */
public final class DuckDbSupport {
  private static final Logger LOG = LoggerFactory.getLogger(DuckDbSupport.class);

  private DuckDbSupport() {}

  /** Whether DuckDB's native library and Arrow's C data interface load here. Never throws. */
  public static boolean available() {
    return Native.FAILURE.isEmpty();
  }

  /** Why DuckDB cannot write the files of (schema, spec), or empty when it can. */
  public static Optional<String> refusal(Schema schema, PartitionSpec spec) {
    if (!available()) {
      return Native.FAILURE;
    }
    if (!spec.isUnpartitioned() && !PartitionSpecs.isKafkaPartitionOnly(spec)) {
      return Optional.of("the partition spec " + spec
          + " may give one Kafka partition's rows several partition keys");
    }
    return unsupportedType(schema)
        .map(type -> "DuckDB cannot write Iceberg type " + type + " as Iceberg reads it");
  }

  /** Whether DuckDB can write the files of (schema, spec) so that Iceberg reads them back exactly. */
  public static boolean supports(Schema schema, PartitionSpec spec) {
    return refusal(schema, spec).isEmpty();
  }

  private static Optional<Type> unsupportedType(Schema schema) {
    return TypeUtil.indexById(schema.asStruct()).values().stream()
        .map(field -> field.type())
        .filter(type -> !supported(type))
        .findFirst();
  }

  private static boolean supported(Type type) {
    return switch (type.typeId()) {
      case BOOLEAN,
          INTEGER,
          LONG,
          FLOAT,
          DOUBLE,
          DATE,
          TIME,
          TIMESTAMP,
          STRING,
          BINARY,
          DECIMAL,
          STRUCT,
          LIST,
          MAP -> true;
      default -> false;
    };
  }

  /** Exports an Arrow schema through the C data interface, which loads its native library. */
  private static void exportSchema(BufferAllocator allocator) {
    org.apache.arrow.vector.types.pojo.Schema schema =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(Field.nullable("probe", new ArrowType.Int(32, true))));
    try (ArrowSchema exported = ArrowSchema.allocateNew(allocator)) {
      Data.exportSchema(allocator, schema, null, exported);
      exported.release();
    }
  }

  /** The one attempt to load the native libraries: empty when they load, else why not. */
  private static final class Native {
    static final Optional<String> FAILURE = load();

    private static Optional<String> load() {
      try (BufferAllocator allocator = new RootAllocator();
          Connection connection = DriverManager.getConnection("jdbc:duckdb:");
          Statement statement = connection.createStatement()) {
        exportSchema(allocator);
        statement.execute("SELECT 1");
        return Optional.empty();
      } catch (Exception | LinkageError e) {
        String failure = "DuckDB or Arrow's C data interface does not load on "
            + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ": " + e;
        LOG.info("{}; Mink writes Parquet with parquet-java", failure);
        return Optional.of(failure);
      }
    }
  }
}

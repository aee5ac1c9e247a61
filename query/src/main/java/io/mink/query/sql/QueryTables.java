package io.mink.query.sql;

import io.mink.query.read.TopicIds;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.Consumer;

/** Where the SQL engine finds Mink's tables and how it reads them: the tables topic, the lake, Kafka, the registry. */
public interface QueryTables {
  /** Every added table in any state, as the tables topic holds them now; asked again before every statement. */
  List<TableDescriptor> tables();

  /** The Iceberg table of an added table. */
  Table load(TableDescriptor table);

  /**
   * A new assign-and-seek consumer with no group, read_committed, with {@code UnionRead.CONSUMER_SETTINGS}; one per
   * table a statement scans, closed when the statement ends.
   */
  Consumer<byte[], byte[]> newConsumer();

  /**
   * What Kafka says of a table's topic now, built on an admin of the engine's Kafka client factory: a scan refuses a
   * topic that is gone or was created again with another id than its table was added with.
   */
  TopicIds topicIds();

  /** Decodes keys and values through the schema registry; empty when none is configured. */
  Optional<PartDecoder> decoder();

  /**
   * The local directory the lake's files are in, when the warehouse is on this machine's file system: DuckDB may then
   * read the data files of append tables itself. Empty when the files are on an object store (they are then read
   * through the table's FileIO).
   */
  default Optional<Path> localLake() {
    return Optional.empty();
  }

  /** The directory of a warehouse location on this machine's file system; empty for an object store's. */
  static Optional<Path> localDirectory(String warehouse) {
    if (warehouse.isBlank()) {
      return Optional.empty();
    }
    return NativeLake.local(warehouse, Path.of("/"));
  }
}

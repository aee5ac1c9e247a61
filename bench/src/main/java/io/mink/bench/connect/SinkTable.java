package io.mink.bench.connect;

import io.mink.schema.avro.AvroSchemaCompiler;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.orders.AvroOrders;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;

/**
 * The table the Kafka Connect sink writes, seen from the benchmark's JVM through the same catalog: created
 * beforehand with the columns Mink decodes the order's Avro schema into, so both write the same 21 typed columns,
 * then watched for the sink's commits.
 */
final class SinkTable {
  /**
   * One commit of the sink.
   *
   * @param epochMillis the snapshot's commit time (the sink's clock, the same machine's)
   * @param totalRecords the table's rows after it
   */
  record Commit(long epochMillis, long totalRecords) {}

  private final Table table;

  private SinkTable(Table table) {
    this.table = table;
  }

  /** Creates the table, and its namespace if the catalog keeps namespaces. */
  static SinkTable create(Catalog catalog, TableIdentifier identifier) {
    if (catalog instanceof SupportsNamespaces namespaces
        && !namespaces.namespaceExists(identifier.namespace())) {
      namespaces.createNamespace(identifier.namespace());
    }
    return new SinkTable(catalog.createTable(identifier, orderSchema()));
  }

  /** The sink's commits so far, oldest first: refreshes the table, which reads its metadata again only when it changed. */
  List<Commit> commits() {
    table.refresh();
    List<Commit> commits = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      commits.add(new Commit(
          snapshot.timestampMillis(),
          Long.parseLong(
              snapshot.summary().getOrDefault(SnapshotSummary.TOTAL_RECORDS_PROP, "0"))));
    }
    commits.sort(Comparator.comparingLong(Commit::epochMillis));
    return commits;
  }

  /** The rows the newest commit holds, 0 before the first. */
  static long rows(List<Commit> commits) {
    return commits.isEmpty() ? 0 : commits.get(commits.size() - 1).totalRecords();
  }

  @Override
  public String toString() {
    return table.name();
  }

  /** The order's value columns as Mink's Avro compiler types them (event_time a timestamptz, status a string). */
  private static Schema orderSchema() {
    try {
      Types.StructType struct = new AvroSchemaCompiler()
          .compile(RegisteredSchema.of(SchemaType.AVRO, AvroOrders.VALUE_SCHEMA.toString()))
          .type()
          .asStructType();
      return new Schema(struct.fields());
    } catch (UnreadableSchemaException e) {
      throw new IllegalStateException(
          "Mink cannot compile the benchmark's Avro order schema: " + e.getMessage(), e);
    }
  }
}

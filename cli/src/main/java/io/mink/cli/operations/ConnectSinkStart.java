package io.mink.cli.operations;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.takeover.ConnectSinkTakeover;
import io.mink.indexer.takeover.SinkBoundary;
import io.mink.lake.catalog.LakeTables;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.admin.TopicDescription;

/**
 * {@code mink table add TOPIC --after-connect-sink NAMESPACE.TABLE --connect-group G}: where the new table starts so
 * that it holds exactly what Iceberg's Kafka Connect sink did not commit to its table (docs/operations.md,
 * "Switching from the Kafka Connect sink").
 *
 * @param sinkTable the sink's table, {@code namespace.name}
 * @param connectGroup the sink's Connect group
 */
public record ConnectSinkStart(String sinkTable, String connectGroup) {
  public ConnectSinkStart {
    requireNonNull(sinkTable, "sinkTable is null");
    requireNonNull(connectGroup, "connectGroup is null");
  }

  /** Checks the options of the command line: both are needed, and the table is {@code namespace.name}. */
  public static ConnectSinkStart of(String sinkTable, String connectGroup) {
    if (sinkTable == null && connectGroup == null) {
      return null;
    }
    if (sinkTable == null || connectGroup == null) {
      throw MinkException.user(
          "--after-connect-sink and --connect-group go together: name the sink's table"
              + " as NAMESPACE.TABLE and its Connect group (the connector's iceberg.connect.group-id, by default"
              + " connect-<connector name>)");
    }
    if (!sinkTable.contains(".") || sinkTable.startsWith(".") || sinkTable.endsWith(".")) {
      throw MinkException.user(
          "--after-connect-sink names the sink's table as NAMESPACE.TABLE, not " + sinkTable);
    }
    return new ConnectSinkStart(sinkTable, connectGroup);
  }

  /** Reads the stopped sink's state and returns where the new table starts; refuses when it cannot be exact. */
  SinkBoundary resolve(TableStoreSession session, LakeTables lake, TopicDescription topic) {
    TableIdentifier identifier = TableIdentifier.parse(sinkTable);
    if (!lake.exists(identifier)) {
      throw MinkException.user(
          "The sink's table " + sinkTable + " does not exist in the catalog of [lake]:"
              + " name the table the connector writes (its iceberg.tables) with --after-connect-sink");
    }
    Table table = lake.load(identifier);
    Set<Integer> partitions =
        topic.partitions().stream().map(info -> info.partition()).collect(Collectors.toSet());
    return new ConnectSinkTakeover(session.admin(), session.clients())
        .boundary(table, identifier.toString(), topic.name(), partitions, connectGroup);
  }
}

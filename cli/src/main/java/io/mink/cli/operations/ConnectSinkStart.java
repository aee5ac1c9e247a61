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
 * "Switching from the Kafka Connect sink"). With {@code --adopt NAMESPACE.TABLE} instead, the same boundary is where
 * Mink continues in the sink's own table (docs/operations.md, "Adopting the Kafka Connect sink's table").
 *
 * @param sinkTable the sink's table, {@code namespace.name}
 * @param connectGroup the sink's Connect group
 * @param adopt whether Mink takes the sink's table over (--adopt) rather than starting a new one after it
 */
public record ConnectSinkStart(String sinkTable, String connectGroup, boolean adopt) {
  public ConnectSinkStart {
    requireNonNull(sinkTable, "sinkTable is null");
    requireNonNull(connectGroup, "connectGroup is null");
  }

  /** Checks the options of the command line: both are needed, and the table is {@code namespace.name}. */
  public static ConnectSinkStart of(String sinkTable, String connectGroup) {
    return of(sinkTable, null, connectGroup);
  }

  /**
   * Checks the options of the command line: one of --after-connect-sink and --adopt, with --connect-group, and the
   * table as {@code namespace.name}.
   */
  public static ConnectSinkStart of(String afterConnectSink, String adopt, String connectGroup) {
    if (afterConnectSink != null && adopt != null) {
      throw MinkException.user(
          "--after-connect-sink starts a new table after the sink's, and --adopt continues in"
              + " the sink's table: give one of them");
    }
    String sinkTable = adopt == null ? afterConnectSink : adopt;
    String option = adopt == null ? "--after-connect-sink" : "--adopt";
    if (sinkTable == null && connectGroup == null) {
      return null;
    }
    if (sinkTable == null || connectGroup == null) {
      throw MinkException.user(
          "--connect-group goes with --after-connect-sink or --adopt: name the sink's table"
              + " as NAMESPACE.TABLE and its Connect group (the connector's iceberg.connect.group-id, by default"
              + " connect-<connector name>)");
    }
    if (!sinkTable.contains(".") || sinkTable.startsWith(".") || sinkTable.endsWith(".")) {
      throw MinkException.user(
          option + " names the sink's table as NAMESPACE.TABLE, not " + sinkTable);
    }
    return new ConnectSinkStart(sinkTable, connectGroup, adopt != null);
  }

  /** The sink's table in the catalog. */
  TableIdentifier identifier() {
    return TableIdentifier.parse(sinkTable);
  }

  /** Reads the stopped sink's state and returns where the new table starts; refuses when it cannot be exact. */
  SinkBoundary resolve(TableStoreSession session, LakeTables lake, TopicDescription topic) {
    TableIdentifier identifier = identifier();
    if (!lake.exists(identifier)) {
      throw MinkException.user(
          "The sink's table " + sinkTable + " does not exist in the catalog of [lake]:"
              + " name the table the connector writes (its iceberg.tables) with "
              + (adopt ? "--adopt" : "--after-connect-sink"));
    }
    Table table = lake.load(identifier);
    Set<Integer> partitions =
        topic.partitions().stream().map(info -> info.partition()).collect(Collectors.toSet());
    return new ConnectSinkTakeover(session.admin(), session.clients())
        .boundary(table, identifier.toString(), topic.name(), partitions, connectGroup);
  }
}

package io.mink.cli.operations;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What {@code mink table add} asks for.
 *
 * @param namespace null for the configured namespace
 * @param name null for the topic's name with '.' and '-' as '_'
 * @param freshness null for the configured freshness
 * @param options the table options as the table records them ({@link TableOptions#tableOptions})
 * @param attach take over the existing Iceberg table of that name instead of creating one
 * @param waitFor how long to wait for the topic to exist; null to fail at once when it does not
 * @param mode the --mode, append or upsert; null for upsert with --cdc, else append
 * @param cdc the --cdc change-event format, debezium; null when records are rows as they are
 * @param from where the table starts (--from); null for each partition's log start
 * @param afterConnectSink start where the Kafka Connect sink's committed data ends (--after-connect-sink); null to
 *     start at each partition's log start
 */
public record AddRequest(
    String topic,
    String namespace,
    String name,
    Duration freshness,
    Map<String, String> options,
    List<String> partitionBy,
    boolean autoCompaction,
    boolean attach,
    Duration waitFor,
    String mode,
    String cdc,
    StartSpec from,
    ConnectSinkStart afterConnectSink) {
  public AddRequest {
    requireNonNull(topic, "topic is null");
    if (from != null && afterConnectSink != null) {
      throw MinkException.user("--from and "
          + (afterConnectSink.adopt() ? "--adopt" : "--after-connect-sink")
          + " both say where the table starts: give one of them");
    }
    options = Map.copyOf(options);
    partitionBy = List.copyOf(partitionBy);
  }
}

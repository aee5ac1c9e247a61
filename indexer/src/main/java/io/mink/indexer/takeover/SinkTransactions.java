package io.mink.indexer.takeover;

import io.mink.indexer.errors.MinkException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Groups control-topic events into the worker transactions they came in: per control partition and producer key, in
 * position order, the DataWritten events up to the DataComplete that closes them. Events of other Connect groups and
 * the coordinator's events are left out.
 */
public final class SinkTransactions {
  private SinkTransactions() {}

  /**
   * The worker transactions of {@code groupId} among {@code events}, with their data for {@code table}.
   *
   * @param events every committed event read from the control topic (read_committed), in any order
   * @param controlLogStarts per control partition, the offset its log starts at now
   */
  public static List<SinkTransaction> of(
      List<ControlEvent> events,
      String groupId,
      String table,
      Map<Integer, Long> controlLogStarts) {
    List<ControlEvent> ordered = new ArrayList<>(events);
    ordered.sort(Comparator.comparingInt(ControlEvent::controlPartition)
        .thenComparingLong(ControlEvent::position));
    Map<String, List<ControlEvent>> open = new HashMap<>();
    Set<String> closedOnce = new HashSet<>();
    List<SinkTransaction> transactions = new ArrayList<>();
    for (ControlEvent event : ordered) {
      if (!event.groupId().equals(groupId) || event.kind() == ControlEvent.Kind.OTHER) {
        continue;
      }
      String producer = event.controlPartition() + "/" + event.producerKey();
      List<ControlEvent> written = open.computeIfAbsent(producer, key -> new ArrayList<>());
      if (event.kind() == ControlEvent.Kind.DATA_WRITTEN) {
        written.add(event);
        continue;
      }
      List<Long> dataPositions = new ArrayList<>();
      List<String> files = new ArrayList<>();
      for (ControlEvent data : written) {
        if (!data.commitId().equals(event.commitId())) {
          throw MinkException.conflict(String.format(
              Locale.ROOT,
              "The control topic's partition %d holds DataWritten of commit %s at offset %d in a transaction that"
                  + " completes commit %s at offset %d: this is not how Iceberg's Kafka Connect sink writes, so"
                  + " Mink cannot read where its data ends. Add the table without --after-connect-sink",
              data.controlPartition(),
              data.commitId(),
              data.position(),
              event.commitId(),
              event.position()));
        }
        if (data.rows() > 0 && sameTable(data.table(), table)) {
          dataPositions.add(data.position());
          files.addAll(data.files());
        }
      }
      boolean truncated = controlLogStarts.getOrDefault(event.controlPartition(), 0L) > 0
          && closedOnce.add(producer);
      closedOnce.add(producer);
      transactions.add(new SinkTransaction(
          event.controlPartition(),
          event.producerKey(),
          event.commitId(),
          dataPositions,
          files,
          event.position(),
          event.sourceOffsets(),
          truncated));
      written.clear();
    }
    return transactions;
  }

  /** Whether two {@code namespace.name} names are the same table; catalogs compare names case-insensitively. */
  static boolean sameTable(String left, String right) {
    return left.toLowerCase(Locale.ROOT).equals(right.toLowerCase(Locale.ROOT));
  }
}

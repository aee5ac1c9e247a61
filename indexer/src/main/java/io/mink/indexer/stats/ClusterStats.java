package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.lake.AcceptedStart;
import io.mink.lake.EngineReadability;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.tables.acl.AccessDenied;
import io.mink.tables.acl.MinkAcls;
import io.mink.tables.acl.MinkResource;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Schema;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * Puts {@code mink cluster stats} together: every added table with its owner's published status, its offsets in the
 * lake's newest Mink snapshot (the source of truth) and its partitions in Kafka now.
 */
public final class ClusterStats {
  /** The lake as the report reads it. */
  @FunctionalInterface
  public interface Lake {
    /**
     * The table as the catalog has it now.
     *
     * @throws NoSuchTableException when the catalog has no such table
     */
    LakeView read(TableDescriptor table);
  }

  /**
   * An Iceberg table as the report reads it.
   *
   * @param newest the table's newest Mink snapshot; empty before the first round
   * @param schema the table's current schema
   */
  public record LakeView(Optional<MinkSnapshot> newest, Schema schema) {
    public LakeView {
      requireNonNull(newest, "newest is null");
      requireNonNull(schema, "schema is null");
    }
  }

  private final Lake lake;
  private final LagProbe probe;
  private final Clock clock;

  public ClusterStats(Lake lake, LagProbe probe, Clock clock) {
    this.lake = requireNonNull(lake, "lake is null");
    this.probe = requireNonNull(probe, "probe is null");
    this.clock = requireNonNull(clock, "clock is null");
  }

  /**
   * One report per table, by table name.
   *
   * @param statuses the status topic's statuses by table, from {@link StatusTopic#read}
   * @throws TimeoutException when Kafka does not answer
   */
  public List<TableReport> report(
      List<TableDescriptor> tables, Map<String, PublishedStatus> statuses) {
    List<TableReport> reports = new ArrayList<>();
    tables.stream()
        .sorted(Comparator.comparing(TableDescriptor::qualifiedName))
        .forEach(table ->
            reports.add(report(table, ownerStatus(table, statuses.get(table.qualifiedName())))));
    return reports;
  }

  /**
   * The table's report. Owner, epoch and next due are an indexing table's: a table in another state is no longer
   * scheduled, and its owner's last published status only tells how it was indexed.
   */
  private TableReport report(TableDescriptor table, PublishedStatus published) {
    TableStatus status = published == null ? null : published.status();
    List<String> errors = new ArrayList<>();
    if (status != null && status.registryWait() != null) {
      errors.add(
          "waiting for the schema registry since " + status.registryWait().since() + ": "
              + status.registryWait().reason()
              + ". No record is left raw for it: the round retries until the registry "
              + "answers; check [schema_registry] (URL, credentials, TLS)");
    }
    if (status != null && status.error() != null) {
      errors.add(status.error());
    }
    Optional<MinkSnapshot> snapshot = Optional.empty();
    List<String> warnings = List.of();
    boolean inLake = true;
    try {
      LakeView view = lake.read(table);
      snapshot = view.newest();
      warnings = EngineReadability.warning(view.schema()).stream().toList();
    } catch (NoSuchTableException e) {
      inLake = false;
      if (table.state() != LifecycleState.REMOVING) {
        errors.add("The Iceberg table " + table.qualifiedName()
            + " is missing from the catalog: it was dropped "
            + "outside Mink, or this command reads another catalog than the sidecars (check [lake]); the lag shown "
            + "counts from the log start");
      }
    }
    LakeOffsets offsets = snapshot.map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
    List<PartitionMeasure> partitions =
        table.isIndexing() ? measure(table, offsets, errors) : List.of();
    List<TableStatus.Gap> gaps = partitions.isEmpty()
        ? (status == null ? List.of() : status.gaps())
        : partitions.stream().flatMap(partition -> partition.gap().stream()).toList();
    Instant lastTiered = snapshot
        .map(newest -> Instant.ofEpochMilli(newest.timestampMillis()))
        .orElse(inLake || status == null ? null : status.lastTiered());
    Instant now = clock.instant();
    TableStatus schedule = table.isIndexing() ? status : null;
    return new TableReport(
        table.qualifiedName(),
        table.topic(),
        state(table, status),
        table.lifecycle(),
        schedule == null ? null : schedule.owner(),
        schedule == null ? null : schedule.epoch(),
        schedule != null && published.silentAt(now),
        published == null ? null : published.publishedAt(),
        lastTiered,
        schedule == null ? null : schedule.nextDue(),
        partitions,
        status == null ? null : status.lastRound(),
        errors,
        gaps.stream()
            .sorted(Comparator.comparingInt(TableStatus.Gap::partition)
                .thenComparingLong(TableStatus.Gap::from))
            .toList(),
        warnings);
  }

  /**
   * The table's partitions measured against the lake now. Only an indexing table's: a missing one has no topic, a
   * replaced one's topic is another than it indexed, and a removing one is on its way out.
   */
  private List<PartitionMeasure> measure(
      TableDescriptor table, LakeOffsets offsets, List<String> errors) {
    try {
      Optional<List<PartitionMeasure>> measured = probe.measure(
          table.topic(), AcceptedStart.fromOptions(table.options()).nextOffsets(offsets));
      if (measured.isEmpty()) {
        errors.add("Topic " + table.topic()
            + " does not exist in Kafka any more: the table keeps what it indexed");
      }
      return measured.orElse(List.of());
    } catch (TimeoutException e) {
      throw e;
    } catch (KafkaException e) {
      errors.add("Cannot measure the lag of topic " + table.topic() + ": "
          + (AccessDenied.isDenied(e)
              ? new AccessDenied(
                      "mink cluster stats",
                      MinkResource.TABLE_TOPIC,
                      table.topic(),
                      MinkAcls.operations("mink cluster stats", MinkResource.TABLE_TOPIC))
                  .message(Map.of())
              : e.getMessage()));
      return List.of();
    }
  }

  /** The owner's schedule state of an indexing table; the lifecycle state of any other, which no round runs for. */
  private static String state(TableDescriptor table, TableStatus status) {
    if (!table.isIndexing()) {
      return table.state().label();
    }
    return status == null ? TableReport.UNOWNED : StatusCodec.state(status.state());
  }

  /**
   * The published status if it is of this table as added now: of its topic, published after it was added (a
   * table removed and added again starts unowned).
   */
  private static PublishedStatus ownerStatus(TableDescriptor table, PublishedStatus published) {
    if (published == null
        || !published.status().topic().equals(table.topic())
        || published.publishedAt().isBefore(table.addedAt())) {
      return null;
    }
    return published;
  }
}

package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.tables.Lifecycle;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One added table as {@code mink cluster stats} shows it: what its owner last published, with the lag measured
 * now from the catalog and Kafka.
 *
 * @param state the owner's state of the table in lower case, or {@link #UNOWNED} when no instance published one; for a
 *     table that is not indexing, its lifecycle state instead (missing, replaced, removing)
 * @param lifecycle the table's lifecycle state (indexing, missing, replaced, removing), since when and why
 * @param owner null when unowned
 * @param epoch null when unowned
 * @param ownerSilent whether the owner has not published the status for {@link PublishedStatus#SILENT_AFTER}
 * @param statusPublishedAt when the owner last published the status; null when unowned
 * @param lastTiered when the newest Mink snapshot was committed, from the catalog; null before the first
 * @param nextDue when the owner runs the next round; null when unowned, tiering or stopped by a gap
 * @param partitions measured now, by partition; empty when the topic could not be measured
 * @param lastRound the owner's last round; null before its first
 * @param errors what went wrong: the owner's last error, a missing topic or Iceberg table
 * @param gaps offsets Kafka deleted before they were indexed: the lake's offsets below the log start now, or, when
 *     Kafka could not be measured, as the owner reported them
 * @param warnings what keeps engines from reading the table, from its schema in the catalog (docs/querying.md)
 */
public record TableReport(
    String table,
    String topic,
    String state,
    Lifecycle lifecycle,
    String owner,
    Long epoch,
    boolean ownerSilent,
    Instant statusPublishedAt,
    Instant lastTiered,
    Instant nextDue,
    List<PartitionMeasure> partitions,
    RoundSummary lastRound,
    List<String> errors,
    List<TableStatus.Gap> gaps,
    List<String> warnings) {
  public static final String UNOWNED = "unowned";

  public TableReport {
    requireNonNull(table, "table is null");
    requireNonNull(topic, "topic is null");
    requireNonNull(state, "state is null");
    requireNonNull(lifecycle, "lifecycle is null");
    partitions = List.copyOf(partitions);
    errors = List.copyOf(errors);
    gaps = List.copyOf(gaps);
    warnings = List.copyOf(warnings);
  }

  /** Records in Kafka not in the lake yet, over all partitions. */
  public long offsetLag() {
    return partitions.stream().mapToLong(PartitionMeasure::offsetLag).sum();
  }

  /** The largest time lag of the partitions; null when none could be measured. */
  public Duration timeLag() {
    return partitions.stream()
        .map(PartitionMeasure::timeLag)
        .filter(Objects::nonNull)
        .max(Duration::compareTo)
        .orElse(null);
  }
}

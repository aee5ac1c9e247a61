package io.mink.cli;

import io.mink.indexer.config.Durations;
import io.mink.indexer.stats.LifecycleText;
import io.mink.indexer.stats.PartitionMeasure;
import io.mink.indexer.stats.RelativeTime;
import io.mink.lake.AcceptedStart;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.RowTtl;
import io.mink.schema.decode.TimeOfDay;
import io.mink.tables.Lifecycle;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** {@code mink table show} for a person: the table's fields, then its partitions in aligned columns. */
final class TableViewText {
  private static final List<String> PARTITION_HEADER =
      List.of("PARTITION", "LAKE", "LOG START", "END", "LAG", "TIME LAG");

  private TableViewText() {}

  /** How the table stores new time-of-day columns, and whether that is its option or the default. */
  static String timeAs(TableDescriptor descriptor) {
    TimeOfDay timeOfDay = MinkTableLayout.mappingOptions(descriptor.options()).timeOfDay();
    String what = timeOfDay.columnNote() == null ? "Iceberg time" : timeOfDay.columnNote();
    return timeOfDay.label() + ", " + what
        + (descriptor.options().containsKey(MinkTableLayout.TIME_AS_OPTION)
            ? " (mink.time-as)"
            : " (the default; --option mink.time-as changes it)");
  }

  /** How long rows stay after their _kafka_timestamp: shown only for a table with a row TTL. */
  static String rowTtl(RowTtl ttl) {
    return Durations.format(ttl.ttl())
        + " (older rows leave reads at once and the lake within a 24th of it; --option mink.row-ttl changes it)";
  }

  static String render(TableView view, Instant now) {
    TableDescriptor descriptor = view.descriptor();
    List<List<String>> fields = new ArrayList<>();
    fields.add(List.of("Table", descriptor.qualifiedName()));
    fields.add(List.of(
        "Topic",
        descriptor.topic()
            + (descriptor.topicId() == null ? "" : " (topic id " + descriptor.topicId() + ")")));
    fields.add(List.of("Mode", MinkTableLayout.describeMode(descriptor.options())));
    fields.add(List.of("State", state(descriptor, now)));
    if (view.registryWait() != null) {
      fields.add(List.of(
          "Registry",
          "waiting since " + at(view.registryWait().since(), now) + ": "
              + view.registryWait().reason()));
    }
    fields.add(List.of("Freshness", Durations.format(descriptor.freshness())));
    fields.add(List.of("Starts at", startsAt(AcceptedStart.fromOptions(descriptor.options()))));
    fields.add(List.of(
        "Options",
        descriptor.options().isEmpty()
            ? "none"
            : new TreeMap<>(descriptor.options())
                .entrySet().stream()
                    .map(option -> option.getKey() + "=" + option.getValue())
                    .collect(Collectors.joining(", "))));
    fields.add(List.of("Time as", timeAs(descriptor)));
    RowTtl.fromOptions(descriptor.options())
        .ifPresent(ttl -> fields.add(List.of("Row TTL", rowTtl(ttl))));
    fields.add(List.of("Added", at(descriptor.addedAt(), now)));
    TableView.Lake lake = view.lake();
    if (lake == null) {
      fields.add(List.of("Iceberg", "not in the catalog"));
    } else {
      fields.add(
          List.of("Iceberg", lake.location() + " (format version " + lake.formatVersion() + ")"));
      fields.add(List.of("Snapshot", snapshot(lake.newest(), now)));
      lake.warnings().forEach(warning -> fields.add(List.of("Warning", warning)));
    }
    StringBuilder out = new StringBuilder(Columns.render(fields)).append('\n');
    if (!TableView.measured(descriptor.state())) {
      out.append("Partitions are not measured: the table is ")
          .append(descriptor.state().label())
          .append(".\n");
      return out.toString();
    }
    if (view.partitions() == null) {
      out.append("Topic ").append(descriptor.topic()).append(" does not exist in Kafka now.\n");
      return out.toString();
    }
    List<List<String>> rows = new ArrayList<>();
    rows.add(PARTITION_HEADER);
    for (PartitionMeasure partition : view.partitions()) {
      rows.add(List.of(
          Integer.toString(partition.partition()),
          partition.recordedOffset() == null ? "-" : partition.recordedOffset().toString(),
          Long.toString(partition.logStartOffset()),
          Long.toString(partition.endOffset()),
          Long.toString(partition.offsetLag()),
          timeLag(partition.timeLag())));
    }
    return out.append(Columns.render(rows)).toString();
  }

  /**
   * Where the table starts: each partition's log start, or the offsets resolved when it was added (--from or
   * --after-connect-sink).
   */
  static String startsAt(AcceptedStart start) {
    return start.isLogStart()
        ? "each partition's log start"
        : "offsets " + start.encode()
            + " (resolved when the table was added; earlier records are not part of the table, other "
            + "partitions start at their log start)";
  }

  /** Such as "missing since 3m ago (2026-01-01T11:57:00Z): topic orders no longer exists in Kafka; ...". */
  static String state(TableDescriptor descriptor, Instant now) {
    Lifecycle lifecycle = descriptor.lifecycle();
    return lifecycle.state().label() + " since " + at(lifecycle.since(), now) + ": "
        + lifecycle.reason() + LifecycleText.advice(lifecycle.state());
  }

  private static String snapshot(MinkSnapshot newest, Instant now) {
    if (newest == null) {
      return "none yet: no round has committed";
    }
    return newest.snapshotId() + " committed "
        + at(Instant.ofEpochMilli(newest.timestampMillis()), now) + ", mink-offsets "
        + newest.offsets().encode();
  }

  private static String at(Instant instant, Instant now) {
    return RelativeTime.relative(instant, now) + " (" + instant.truncatedTo(ChronoUnit.SECONDS)
        + ")";
  }

  private static String timeLag(Duration lag) {
    return lag == null ? "-" : RelativeTime.duration(lag);
  }
}

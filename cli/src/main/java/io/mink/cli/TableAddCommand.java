package io.mink.cli;

import io.mink.cli.operations.AddRequest;
import io.mink.cli.operations.AddedTable;
import io.mink.cli.operations.ConnectSinkStart;
import io.mink.cli.operations.StartSpec;
import io.mink.cli.operations.TableOperations;
import io.mink.cli.operations.TableOptions;
import io.mink.indexer.config.Durations;
import io.mink.indexer.config.MinkConfig;
import io.mink.lake.AcceptedStart;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.attach.TableAttach;
import io.mink.tables.TableDescriptor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "add",
    description = "Make a Kafka topic an Iceberg table that the sidecar indexes.",
    footer = {
      "",
      "Examples:",
      "  mink table add orders",
      "  mink table add orders --namespace sales --freshness 1m --config mink.toml",
      "  mink table add web.clicks --bootstrap kafka-1:9092   # table kafka.web_clicks",
      "  mink table add orders --partition-by 'day(_kafka_timestamp)'",
      "  mink table add customers --mode upsert   # one row per key, the newest",
      "  mink table add dbserver.inventory.customers --cdc debezium",
      "  mink table add orders --option iceberg.format-version=3",
      "  mink table add rides --option mink.time-as=string   # times as text",
      "  mink table add orders --option mink.snapshot-retention=7d  # a week of history",
      "  mink table add orders --from latest   # only records written from now on",
      "  mink table add orders --from 2026-12-01T00:00:00Z   # records from that time on",
      "  mink table add orders --attach   # the existing Iceberg table kafka.orders",
      "  mink table add orders --wait=5m  # once the topic exists",
      "  mink table add orders --after-connect-sink lake.orders --connect-group connect-orders-sink",
      "  mink table add orders --adopt lake.orders --connect-group connect-orders-sink",
      "  mink table add orders --command-config client.properties --output json"
    })
final class TableAddCommand extends GroupSubcommand {
  @Parameters(index = "0", paramLabel = "TOPIC", description = "The Kafka topic to index")
  String topic;

  @Option(
      names = "--namespace",
      paramLabel = "NAMESPACE",
      description = "The Iceberg namespace of the table (default: [indexer] namespace, kafka)")
  String namespace;

  @Option(
      names = "--name",
      paramLabel = "NAME",
      description = "The table name (default: the topic's name with '.' and '-' as '_')")
  String name;

  @Option(
      names = "--freshness",
      paramLabel = "DURATION",
      description =
          "How often the table is tiered, such as 30s or 3m (default: [indexer] freshness, 3m)")
  String freshness;

  @Option(
      names = "--option",
      paramLabel = "KEY=VALUE",
      description = {
        "An Iceberg table property for the table, as iceberg.<property>=<value>, such as "
            + "iceberg.format-version=3 or iceberg.write.parquet.row-group-size-bytes=67108864; or "
            + "mink.time-as=time|long|string, how times of day are stored (default: long, microseconds since "
            + "midnight); or mink.snapshot-retention=DURATION, how long snapshots are kept for readers "
            + "(default: 1h). Repeatable"
      })
  Map<String, String> options = new LinkedHashMap<>();

  @Option(
      names = "--partition-by",
      paramLabel = "FIELD",
      description = {
        "A partition field after identity(_kafka_partition), such as day(_kafka_timestamp), "
            + "hour(_kafka_timestamp), truncate(1000000, _kafka_offset) or bucket(16, _kafka_key). Repeatable"
      })
  List<String> partitionBy = new ArrayList<>();

  @Option(
      names = "--mode",
      paramLabel = "append|upsert",
      description = "append: one row per Kafka record (the default); upsert: one row per Kafka "
          + "key, the newest record's, and a tombstone deletes the key's row. Fixed once the "
          + "table is added (docs/tables.md \"Upsert tables\")")
  String mode;

  @Option(
      names = "--cdc",
      paramLabel = "debezium",
      description = "The records are change events of this format, unwrapped into the rows they "
          + "describe; a CDC table is an upsert table, so --cdc implies --mode upsert")
  String cdc;

  @Option(
      names = "--auto-compaction",
      description =
          "Let each round rewrite the small files of the partitions it writes to, in its own snapshot "
              + "(the table property mink.auto-compaction; default: compaction is left to the lake)")
  boolean autoCompaction;

  @Option(
      names = "--attach",
      description =
          "Attach to the Iceberg table of that name, which must exist: its rows stay, and indexing "
              + "starts after the highest _kafka_offset per partition it holds")
  boolean attach;

  @Option(
      names = "--from",
      paramLabel = "earliest|latest|TIME|P:OFFSET,...",
      description = {
        "Where the table starts, resolved once now and recorded as its accepted start: earliest (each "
            + "partition's log start, the default), latest (only records written from now on), a time such as "
            + "2026-12-01T08:00:00Z or the day 2026-12-01 (the first record at or after it, by Kafka's "
            + "timestamps), or offsets such as 0:1200,1:1180 (partitions not named start at their log start). "
            + "Partitions added to the topic later start at their log start"
      })
  String from;

  @Option(
      names = "--after-connect-sink",
      paramLabel = "NAMESPACE.TABLE",
      description =
          "Start where the committed data of Iceberg's Kafka Connect sink in this table ends, so that the two "
              + "tables hold every offset once; the connector must be stopped (docs/operations.md, \"Switching "
              + "from the Kafka Connect sink\"). Needs --connect-group")
  String afterConnectSink;

  @Option(
      names = "--adopt",
      paramLabel = "NAMESPACE.TABLE",
      description =
          "Take over the table of Iceberg's Kafka Connect sink and continue in it where the sink's committed data "
              + "ends: adds the _kafka_* columns as optional columns and identity(_kafka_partition), maps the "
              + "decoded columns to the sink's by name; the connector must be stopped (docs/operations.md, "
              + "\"Adopting the Kafka Connect sink's table\"). Needs --connect-group")
  String adopt;

  @Option(
      names = "--connect-group",
      paramLabel = "GROUP",
      description =
          "The sink's Connect group: the connector's iceberg.connect.group-id, by default connect-<connector name>")
  String connectGroup;

  @Option(
      names = "--wait",
      arity = "0..1",
      fallbackValue = "10m",
      paramLabel = "DURATION",
      description =
          "Wait for the topic to exist, at most DURATION (default: 10m), instead of failing at once")
  String wait;

  @Override
  public Integer call() {
    Environment environment = environment();
    MinkConfig minkConfig = config.load(environment);
    AddRequest request = new AddRequest(
        topic,
        namespace,
        name,
        freshness == null ? null : TableOptions.freshness(freshness),
        TableOptions.tableOptions(options),
        partitionBy,
        autoCompaction,
        attach,
        wait == null ? null : TableOptions.duration(wait, "--wait"),
        mode,
        cdc,
        from == null ? null : StartSpec.parse(from),
        ConnectSinkStart.of(afterConnectSink, adopt, connectGroup));
    AddedTable added = new TableOperations(minkConfig, environment.progress()).add(request);
    if (output.json()) {
      environment
          .out()
          .print(CommandJson.render(CommandJson.descriptor(added.descriptor())
              .put("attached", added.attached().isPresent())
              .put("partitions", added.partitions())));
    } else {
      environment.out().println(text(added));
    }
    return ExitCode.OK.code();
  }

  private static String text(AddedTable added) {
    TableDescriptor descriptor = added.descriptor();
    String partitions =
        added.partitions() + (added.partitions() == 1 ? " partition" : " partitions");
    return added
        .attached()
        .map(start -> String.format(
            "Attached table %s to topic %s (%s, topic id %s): its rows stay as they are, "
                + "%s. The sidecar indexes it every %s.",
            descriptor.qualifiedName(),
            descriptor.topic(),
            partitions,
            descriptor.topicId(),
            startDescription(start.baseline(), start.logStarts()),
            Durations.format(descriptor.freshness())))
        .orElseGet(() -> String.format(
            "Added %stable %s for topic %s (%s, topic id %s)%s. The sidecar indexes it every %s.",
            MinkTableLayout.isUpsert(descriptor.options()) ? "upsert " : "",
            descriptor.qualifiedName(),
            descriptor.topic(),
            partitions,
            descriptor.topicId(),
            acceptedStart(AcceptedStart.fromOptions(descriptor.options())),
            Durations.format(descriptor.freshness())));
  }

  /** Where a created table starts, for the confirmation: nothing when every partition starts at its log start. */
  static String acceptedStart(AcceptedStart start) {
    return start.isLogStart() ? "" : ", starting at offsets " + start.encode();
  }

  /** Where indexing starts: the baseline offsets, and any partition whose log starts past them. */
  private static String startDescription(TableAttach.Baseline baseline, Map<Integer, Long> starts) {
    LakeOffsets offsets = baseline.offsets();
    String from = switch (baseline.source()) {
      case EMPTY -> "the table has no snapshot";
      case MINK_OFFSETS -> "from the mink-offsets of snapshot " + baseline.snapshotId();
      case COLUMN_BOUNDS -> "from the _kafka_offset bounds of snapshot " + baseline.snapshotId();
      case ROW_SCAN -> "from the rows of snapshot " + baseline.snapshotId();
      case CONNECT_SINK ->
        "where the Kafka Connect sink's committed data in snapshot " + baseline.snapshotId()
            + " ends";
    };
    StringBuilder text = new StringBuilder(
        offsets.nextOffsets().isEmpty()
            ? "indexing starts at the log start of every partition (" + from + ")"
            : "indexing starts at offsets " + offsets.encode() + " (" + from + ")"
                + (offsets.nextOffsets().size() < starts.size()
                    ? ", other partitions at their log start"
                    : ""));
    offsets.nextOffsets().forEach((partition, next) -> {
      Long start = starts.get(partition);
      if (start != null && start > next) {
        text.append("; partition ")
            .append(partition)
            .append(" of Kafka starts at offset ")
            .append(start)
            .append(": offsets ")
            .append(next)
            .append(" to ")
            .append(start - 1)
            .append(" are gone, and the first round reports the gap");
      }
    });
    return text.toString();
  }
}

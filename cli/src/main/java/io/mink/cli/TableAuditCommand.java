package io.mink.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.cli.operations.LakeReader;
import io.mink.cli.operations.TableStoreSession;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.errors.MinkException;
import io.mink.query.audit.AuditReport;
import io.mink.query.audit.TableAudit;
import io.mink.query.read.UnionRead;
import io.mink.tables.TableDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(
    name = "audit",
    description =
        "Check that every offset of the table, per partition from its start to the lake's offset, is "
            + "a row, in an accepted gap, removed by the row TTL, or known to Kafka as no record.",
    footer = {
      "",
      "Examples:",
      "  mink table audit kafka.orders",
      "  mink table audit orders --output json",
      "",
      "Exit code 0 when every offset is accounted for, 4 when some are not: the report",
      "names the first " + TableAudit.KEEP
          + " exactly (docs/runbook.md, \"An audit found unaccounted offsets\")."
    })
final class TableAuditCommand extends GroupSubcommand {
  @Mixin
  TableArgument tableArgument;

  @Override
  public Integer call() {
    Environment environment = environment();
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    AuditReport report;
    try (TableStoreSession session = TableStoreSession.open(minkConfig);
        KafkaConsumer<byte[], byte[]> consumer =
            session.clients().rawConsumer("audit", UnionRead.CONSUMER_SETTINGS)) {
      TableDescriptor descriptor = session.require(name);
      report = new TableAudit(lakeTable(minkConfig, descriptor), descriptor, consumer).run();
    }
    if (output.json()) {
      environment.out().print(CommandJson.render(json(report)));
    } else {
      environment.out().print(text(report));
    }
    return report.accounted() ? ExitCode.OK.code() : ExitCode.CONFLICT.code();
  }

  private static Table lakeTable(MinkConfig config, TableDescriptor descriptor) {
    try {
      return LakeReader.open(config.lake()).load(descriptor);
    } catch (NoSuchTableException e) {
      throw MinkException.conflict(
          "Table " + descriptor.qualifiedName() + " has no Iceberg table in the "
              + "catalog: mink table show " + descriptor.qualifiedName() + " says why",
          e);
    }
  }

  static String text(AuditReport report) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(
        "Audit of %s (topic %s, snapshot %s): %,d rows read in %.1f s (%,.0f rows/s)%n",
        report.table(),
        report.topic(),
        report.snapshotId() == null ? "none" : report.snapshotId(),
        report.rows(),
        report.lakeRead().toNanos() / 1e9,
        report.rowsPerSecond()));
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of(
        "PARTITION",
        "FROM",
        "TO",
        "START",
        "ROWS",
        "GAPS",
        "EXPIRED",
        "NOT RECORDS",
        "UNACCOUNTED",
        "DUPLICATES"));
    for (AuditReport.PartitionAudit partition : report.partitions()) {
      rows.add(List.of(
          Integer.toString(partition.partition()),
          Long.toString(partition.from()),
          Long.toString(partition.to()),
          partition.start(),
          Long.toString(partition.rows()),
          Long.toString(partition.inGaps()),
          Long.toString(partition.expired()),
          Long.toString(partition.notRecords()),
          Long.toString(partition.unaccounted()),
          Long.toString(partition.duplicates())));
    }
    out.append(Columns.render(rows)).append('\n');
    if (!report.rawCounts().isEmpty()) {
      out.append("Parts left raw by reason:");
      report
          .rawCounts()
          .forEach((reason, count) -> out.append(' ').append(reason).append(' ').append(count));
      out.append('\n');
    }
    if (report.accounted()) {
      out.append("Every offset is accounted for.\n");
    } else {
      out.append(String.format(
          "%,d offsets are unaccounted for; the first %d:%n",
          report.unaccounted(), report.firstUnaccounted().size()));
      report
          .firstUnaccounted()
          .forEach(offset -> out.append(String.format(
              "  partition %d offset %d: %s%n",
              offset.partition(), offset.offset(), offset.why())));
      out.append("See docs/runbook.md, \"An audit found unaccounted offsets\".\n");
    }
    return out.toString();
  }

  static ObjectNode json(AuditReport report) {
    ObjectNode node = CommandJson.JSON.createObjectNode();
    node.put("table", report.table());
    node.put("topic", report.topic());
    if (report.snapshotId() == null) {
      node.putNull("snapshotId");
    } else {
      node.put("snapshotId", report.snapshotId());
    }
    node.put("accounted", report.accounted());
    node.put("rows", report.rows());
    node.put("unaccounted", report.unaccounted());
    node.put("lakeReadMs", report.lakeRead().toMillis());
    node.put("elapsedMs", report.elapsed().toMillis());
    ArrayNode partitions = node.putArray("partitions");
    for (AuditReport.PartitionAudit partition : report.partitions()) {
      partitions
          .addObject()
          .put("partition", partition.partition())
          .put("from", partition.from())
          .put("to", partition.to())
          .put("start", partition.start())
          .put("rows", partition.rows())
          .put("duplicates", partition.duplicates())
          .put("rowsOutside", partition.rowsOutside())
          .put("inGaps", partition.inGaps())
          .put("expired", partition.expired())
          .put("notRecords", partition.notRecords())
          .put("belowLogStart", partition.belowLogStart())
          .put("inKafka", partition.inKafka())
          .put("unaccounted", partition.unaccounted())
          .put("logStart", partition.logStart());
    }
    ArrayNode first = node.putArray("firstUnaccounted");
    report
        .firstUnaccounted()
        .forEach(offset -> first
            .addObject()
            .put("partition", offset.partition())
            .put("offset", offset.offset())
            .put("why", offset.why()));
    ObjectNode raw = node.putObject("rawParts");
    report.rawCounts().forEach(raw::put);
    return node;
  }
}

package io.mink.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.cli.operations.AlterPlan;
import io.mink.cli.operations.AlteredTable;
import io.mink.cli.operations.TableOperations;
import io.mink.cli.operations.TableOptions;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.errors.MinkException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "alter",
    description = "Change an added table's freshness, Iceberg table properties or compaction. "
        + "The partition spec is not changed here: remove the table and add it again with --partition-by, or change "
        + "the spec with your engine. Neither is the mode (--mode, --cdc): remove the table and add it again "
        + "with the new mode.",
    footer = {
      "",
      "Examples:",
      "  mink table alter kafka.orders --freshness 30s",
      "  mink table alter kafka.orders --option iceberg.commit.retry.num-retries=10",
      "  mink table alter kafka.orders --unset-option iceberg.commit.retry.num-retries",
      "  mink table alter kafka.orders --option iceberg.format-version=3  # 2 to 3",
      "  mink table alter orders --auto-compaction true"
    })
final class TableAlterCommand extends GroupSubcommand {
  @Mixin
  TableArgument tableArgument;

  @Option(
      names = "--freshness",
      paramLabel = "DURATION",
      description = "How often the table is tiered, such as 30s " + "or 3m")
  String freshness;

  @Option(
      names = "--option",
      paramLabel = "KEY=VALUE",
      description = "Set an Iceberg table property, as "
          + "iceberg.<property>=<value> (iceberg.format-version can go from 2 to 3), mink.time-as=time|long|string "
          + "for columns made from now on, or mink.snapshot-retention=DURATION. Repeatable")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(
      names = "--unset-option",
      paramLabel = "KEY",
      description =
          "Unset an iceberg.<property> option, which "
              + "returns to Mink's default or Iceberg's, mink.time-as or mink.snapshot-retention. Repeatable")
  List<String> unsetOptions = new ArrayList<>();

  @Option(
      names = "--auto-compaction",
      paramLabel = "true|false",
      arity = "1",
      description = "Whether each round rewrites the small files of the partitions it writes to")
  Boolean autoCompaction;

  @Option(names = "--partition-by", hidden = true)
  List<String> partitionBy = new ArrayList<>();

  @Option(names = "--mode", hidden = true)
  String mode;

  @Option(names = "--cdc", hidden = true)
  String cdc;

  @Override
  public Integer call() {
    Environment environment = environment();
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    AlteredTable altered =
        new TableOperations(minkConfig, environment.progress()).alter(name, request(name));
    if (output.json()) {
      ObjectNode node = CommandJson.descriptor(altered.descriptor());
      ArrayNode changes = node.putArray("changes");
      for (AlterPlan.Change change : altered.changes()) {
        changes
            .addObject()
            .put("setting", change.setting())
            .put("from", change.from())
            .put("to", change.to());
      }
      environment.out().print(CommandJson.render(node));
    } else if (altered.changes().isEmpty()) {
      environment.out().print("Table " + name + " already has these settings: nothing changed.\n");
    } else {
      StringBuilder text = new StringBuilder("Altered table " + name + ":\n");
      altered.changes().forEach(change -> text.append("  ").append(change).append('\n'));
      text.append("The sidecar applies the new settings once it reads the tables topic again.\n");
      environment.out().print(text);
    }
    return ExitCode.OK.code();
  }

  private AlterPlan.Request request(String name) {
    if (!partitionBy.isEmpty()) {
      throw MinkException.user("mink table alter does not change the partition spec: remove the "
          + "table and add it again with --partition-by, or change the spec with your engine (Spark: ALTER TABLE "
          + name + " ADD PARTITION FIELD " + partitionBy.get(0) + ")");
    }
    if (mode != null || cdc != null) {
      String given = mode != null ? "--mode " + mode : "--cdc " + cdc;
      throw MinkException.user("mink table alter does not change a table's mode (" + given
          + "): the mode is fixed when a table is added. Remove the table with mink table remove "
          + name + ", then add its topic again with " + given);
    }
    AlterPlan.Request request = new AlterPlan.Request(
        freshness == null ? null : TableOptions.freshness(freshness),
        TableOptions.tableOptions(options),
        TableOptions.optionKeys(unsetOptions),
        autoCompaction);
    if (request.isEmpty()) {
      throw MinkException.user(
          "Nothing to alter: give --freshness, --option, --unset-option or " + "--auto-compaction");
    }
    return request;
  }
}

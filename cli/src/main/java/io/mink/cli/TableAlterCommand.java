package io.mink.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.indexer.config.MinkConfig;
import io.mink.lake.MinkTableLayout;
import io.mink.tables.TableDescriptor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdateProperties;
import org.apache.iceberg.exceptions.NoSuchTableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "alter", description = "Change an added table's freshness, Iceberg table properties or compaction. "
    + "The partition spec is not changed here: remove the table and add it again with --partition-by, or change "
    + "the spec with your engine.",
    footer = {"", "Examples:",
        "  mink table alter kafka.orders --freshness 30s",
        "  mink table alter kafka.orders --option iceberg.commit.retry.num-retries=10",
        "  mink table alter kafka.orders --unset-option iceberg.commit.retry.num-retries",
        "  mink table alter kafka.orders --option iceberg.format-version=3  # 2 to 3",
        "  mink table alter orders --auto-compaction true"})
final class TableAlterCommand implements Callable<Integer> {
  private static final int ATTEMPTS = 2;

  @ParentCommand
  TableCommand parent;

  @Mixin
  ConfigOptions config;

  @Mixin
  OutputOptions output;

  @Mixin
  TableArgument tableArgument;

  @Option(names = "--freshness", paramLabel = "DURATION", description = "How often the table is tiered, such as 30s "
      + "or 3m")
  String freshness;

  @Option(names = "--option", paramLabel = "KEY=VALUE", description = "Set an Iceberg table property, as "
      + "iceberg.<property>=<value> (iceberg.format-version can go from 2 to 3), or mink.time-as=time|long|string "
      + "for columns made from now on. Repeatable")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(names = "--unset-option", paramLabel = "KEY", description = "Unset an iceberg.<property> option, which "
      + "returns to Mink's default or Iceberg's, or mink.time-as. Repeatable")
  List<String> unsetOptions = new ArrayList<>();

  @Option(names = "--auto-compaction", paramLabel = "true|false", arity = "1",
      description = "Whether each round rewrites the small files of the partitions it writes to")
  Boolean autoCompaction;

  @Option(names = "--partition-by", hidden = true)
  List<String> partitionBy = new ArrayList<>();

  @Override
  public Integer call() {
    Environment environment = parent.environment();
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    AlterPlan.Request request = request(name);
    try (TableStoreSession session = TableStoreSession.open(minkConfig)) {
      LakeReader lake = LakeReader.open(minkConfig.lake());
      for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
        TableDescriptor current = alterable(session.require(name));
        Table icebergTable = icebergTable(lake, current);
        AlterPlan plan = AlterPlan.of(current, request, LakeReader.metadata(icebergTable).formatVersion(),
            defaults(current, minkConfig));
        if (plan.changes().isEmpty()) {
          print(environment, plan, "Table " + name + " already has these settings: nothing changed.\n");
          return ExitCode.OK.code();
        }
        apply(icebergTable, plan);
        if (session.replace(current, plan.updated())) {
          StringBuilder text = new StringBuilder("Altered table " + name + ":\n");
          plan.changes().forEach(change -> text.append("  ").append(change).append('\n'));
          text.append("The sidecar applies the new settings once it reads the tables topic again.\n");
          print(environment, plan, text.toString());
          return ExitCode.OK.code();
        }
      }
    }
    throw new CommandFailure(ExitCode.CONFLICT, "Table " + name + " changed meanwhile (another client altered or "
        + "removed it): run the command again");
  }

  private AlterPlan.Request request(String name) {
    if (!partitionBy.isEmpty()) {
      throw new CommandFailure(ExitCode.USAGE, "mink table alter does not change the partition spec: remove the "
          + "table and add it again with --partition-by, or change the spec with your engine (Spark: ALTER TABLE "
          + name + " ADD PARTITION FIELD " + partitionBy.get(0) + ")");
    }
    AlterPlan.Request request = new AlterPlan.Request(
        freshness == null ? null : TableOptions.freshness(freshness), TableOptions.tableOptions(options),
        TableOptions.optionKeys(unsetOptions), autoCompaction);
    if (request.isEmpty()) {
      throw new CommandFailure(ExitCode.USAGE, "Nothing to alter: give --freshness, --option, --unset-option or "
          + "--auto-compaction");
    }
    return request;
  }

  /** The table, if its state lets it be altered: indexing or missing. */
  private static TableDescriptor alterable(TableDescriptor current) {
    String name = current.qualifiedName();
    return switch (current.state()) {
      case INDEXING, MISSING -> current;
      case REPLACED -> throw new CommandFailure(ExitCode.CONFLICT, "Table " + name + " is replaced (its topic was "
          + "deleted and created again), so it cannot be altered: run mink table remove " + name + " and add it "
          + "again");
      case REMOVING -> throw new CommandFailure(ExitCode.CONFLICT, "Table " + name + " is being removed, so it "
          + "cannot be altered: add it again once mink table show " + name + " no longer finds it");
    };
  }

  private static Table icebergTable(LakeReader lake, TableDescriptor current) {
    try {
      return lake.load(current);
    } catch (NoSuchTableException e) {
      throw new CommandFailure(ExitCode.CONFLICT, "The Iceberg table " + current.qualifiedName() + " is missing "
          + "from the catalog, so its properties cannot be changed: check [lake] in the config file; if it was "
          + "dropped, run mink table remove " + current.qualifiedName() + " and add the topic again", e);
    }
  }

  /** Mink's properties of a table it creates; none for an attached table, whose maker chose its properties. */
  private static Map<String, String> defaults(TableDescriptor current, MinkConfig minkConfig) {
    if ("true".equals(current.options().get(MinkTableLayout.ATTACH_OPTION))) {
      return Map.of();
    }
    return MinkTableLayout.properties(current.topic(), current.topicId(),
        minkConfig.indexer().targetFileSizeBytes(), Map.of());
  }

  /** Sets and removes the plan's properties in one commit; a higher format-version upgrades the table. */
  private static void apply(Table icebergTable, AlterPlan plan) {
    if (plan.setProperties().isEmpty() && plan.removeProperties().isEmpty()) {
      return;
    }
    UpdateProperties update = icebergTable.updateProperties();
    plan.setProperties().forEach(update::set);
    plan.removeProperties().forEach(update::remove);
    try {
      update.commit();
    } catch (RuntimeException e) {
      throw new CommandFailure(ExitCode.UNAVAILABLE, "Cannot change the properties of the Iceberg table "
          + plan.updated().qualifiedName() + " (" + Connections.rootMessage(e) + "): check that the catalog is "
          + "up, then run the command again", e);
    }
  }

  private void print(Environment environment, AlterPlan plan, String text) {
    if (!output.json()) {
      environment.out().print(text);
      return;
    }
    ObjectNode node = CommandJson.descriptor(plan.updated());
    ArrayNode changes = node.putArray("changes");
    for (AlterPlan.Change change : plan.changes()) {
      changes.addObject().put("setting", change.setting()).put("from", change.from()).put("to", change.to());
    }
    environment.out().print(CommandJson.render(node));
  }
}

package io.mink.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.cli.operations.Removal;
import io.mink.cli.operations.RemovedTable;
import io.mink.cli.operations.TableOperations;
import io.mink.cli.operations.TableOptions;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.stats.RelativeTime;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "remove",
    description = "Remove an added table: indexing stops, the Iceberg table with its data and "
        + "metadata is deleted once no sidecar instance owns the table, then the entry is gone.",
    footer = {
      "",
      "Examples:",
      "  mink table remove kafka.orders --yes",
      "  mink table remove kafka.orders --yes --wait=5m   # until it is gone",
      "  mink table remove kafka.orders --keep-table      # the Iceberg table stays",
      "",
      "With no sidecar running, the command deletes the table itself. Otherwise the",
      "sidecar that owns the table deletes it once its round has stopped; until then",
      "mink table list --all shows it as removing."
    })
final class TableRemoveCommand extends GroupSubcommand {
  @Mixin
  TableArgument tableArgument;

  @Option(
      names = "--keep-table",
      description = "Keep the Iceberg table with its data: only the entry is removed, and "
          + "mink table add TOPIC --attach takes the table over again")
  boolean keepTable;

  @Option(
      names = "--yes",
      description = "Confirm that the Iceberg table with its data and metadata is deleted")
  boolean yes;

  @Option(
      names = "--wait",
      arity = "0..1",
      fallbackValue = "10m",
      paramLabel = "DURATION",
      description = "Wait until the table is gone, at most DURATION (default: 10m)")
  String wait;

  @Override
  public Integer call() {
    Environment environment = environment();
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    if (!keepTable && !yes) {
      throw MinkException.user(
          "mink table remove deletes the Iceberg table " + name + " with its data and "
              + "metadata: add --yes to go ahead, or --keep-table to keep the Iceberg table");
    }
    Duration waitFor = wait == null ? null : TableOptions.duration(wait, "--wait");
    RemovedTable removed = new TableOperations(minkConfig, environment.progress())
        .remove(name, keepTable, waitFor, removal -> {
          if (removal.alreadyRemoving()) {
            TableDescriptor current = removal.removing();
            environment
                .err()
                .printf(
                    "Table %s is being removed already, since %s (%s).%n",
                    name,
                    RelativeTime.relative(current.lifecycle().since(), Instant.now()),
                    current.lifecycle().reason());
          }
          if (removal.members() > 0 && waitFor != null && !output.json()) {
            environment.out().print(handedOver(removal));
          }
        });
    print(environment, removed);
    return ExitCode.OK.code();
  }

  private void print(Environment environment, RemovedTable removed) {
    Removal removal = removed.removal();
    if (output.json()) {
      ObjectNode node = CommandJson.descriptor(removal.removing());
      node.put("removed", removed.gone());
      node.put("icebergTableKept", removal.keepsTable());
      environment.out().print(CommandJson.render(node));
    } else if (!removed.gone()) {
      environment.out().print(handedOver(removal));
    } else if (removed.finishedHere()) {
      environment
          .out()
          .print(
              removal.keepsTable()
                  ? "Removed table " + removal.removing().qualifiedName()
                      + ": deleted its entry; the Iceberg table stays in "
                      + "the catalog (mink table add " + removal.removing().topic()
                      + " --attach takes it over again).\n"
                  : "Removed table " + removal.removing().qualifiedName()
                      + ": dropped the Iceberg table with its data and "
                      + "metadata, and deleted its entry.\n");
    } else {
      environment.out().print("Removed table " + removal.removing().qualifiedName() + ".\n");
    }
  }

  private static String handedOver(Removal removal) {
    String name = removal.removing().qualifiedName();
    int members = removal.members();
    return "Table " + name + " is removing: the sidecar that owns it (group "
        + removal.ownersGroup() + " has "
        + members + (members == 1 ? " member" : " members") + ") stops indexing it and deletes "
        + (removal.keepsTable() ? "" : "the Iceberg table with its data and metadata, then ")
        + "the entry once its round has stopped. mink table show " + name
        + " finds it until then.\n";
  }
}

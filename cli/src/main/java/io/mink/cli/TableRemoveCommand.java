package io.mink.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.indexer.config.Durations;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.lifecycle.TableRemoval;
import io.mink.indexer.schedule.TieringSettings;
import io.mink.indexer.stats.RelativeTime;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "remove", description = "Remove an added table: indexing stops, the Iceberg table with its data and "
    + "metadata is deleted once no sidecar instance owns the table, then the entry is gone.",
    footer = {"", "Examples:",
        "  mink table remove kafka.orders --yes",
        "  mink table remove kafka.orders --yes --wait=5m   # until it is gone",
        "  mink table remove kafka.orders --keep-table      # the Iceberg table stays",
        "", "With no sidecar running, the command deletes the table itself. Otherwise the",
        "sidecar that owns the table deletes it once its round has stopped; until then",
        "mink table list --all shows it as removing."})
final class TableRemoveCommand implements Callable<Integer> {
  private static final int ATTEMPTS = 2;
  private static final Duration POLL = Duration.ofSeconds(1);

  @ParentCommand
  TableCommand parent;

  @Mixin
  ConfigOptions config;

  @Mixin
  OutputOptions output;

  @Mixin
  TableArgument tableArgument;

  @Option(names = "--keep-table", description = "Keep the Iceberg table with its data: only the entry is removed, and "
      + "mink table add TOPIC --attach takes the table over again")
  boolean keepTable;

  @Option(names = "--yes", description = "Confirm that the Iceberg table with its data and metadata is deleted")
  boolean yes;

  @Option(names = "--wait", arity = "0..1", fallbackValue = "10m", paramLabel = "DURATION",
      description = "Wait until the table is gone, at most DURATION (default: 10m)")
  String wait;

  @Override
  public Integer call() {
    Environment environment = parent.environment();
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    if (!keepTable && !yes) {
      throw new CommandFailure(ExitCode.USAGE, "mink table remove deletes the Iceberg table " + name + " with its "
          + "data and metadata: add --yes to go ahead, or --keep-table to keep the Iceberg table");
    }
    Duration waitFor = wait == null ? null : TableOptions.duration(wait, "--wait");
    String ownersGroup = TieringSettings.of(minkConfig.indexer()).ownersGroupId();
    try (TableStoreSession session = TableStoreSession.open(minkConfig)) {
      TableDescriptor removing = markRemoving(session, name, environment);
      int members = OwnersGroup.members(session.admin(), session.clients(), ownersGroup);
      if (members == 0) {
        finish(session, removing);
        print(environment, removing, true, removed(removing));
        return ExitCode.OK.code();
      }
      String owned = "Table " + name + " is removing: the sidecar that owns it (group " + ownersGroup + " has "
          + members + (members == 1 ? " member" : " members") + ") stops indexing it and deletes "
          + (TableRemoval.keepsTable(removing) ? "" : "the Iceberg table with its data and metadata, then ")
          + "the entry once its round has stopped. mink table show " + name + " finds it until then.\n";
      if (waitFor == null) {
        print(environment, removing, false, owned);
      } else {
        if (!output.json()) {
          environment.out().print(owned);
        }
        print(environment, removing, true, awaitGone(session, removing, ownersGroup, waitFor, environment));
      }
      return ExitCode.OK.code();
    }
  }

  /** The table's entry moved to removing, or as it is if it is removing already. */
  private TableDescriptor markRemoving(TableStoreSession session, String name, Environment environment) {
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      TableDescriptor current = session.require(name);
      if (current.state() == LifecycleState.REMOVING) {
        environment.err().printf("Table %s is being removed already, since %s (%s).%n", name,
            RelativeTime.relative(current.lifecycle().since(), Instant.now()), current.lifecycle().reason());
        return current;
      }
      Map<String, String> options = new TreeMap<>(current.options());
      if (keepTable) {
        options.put(TableRemoval.KEEP_TABLE_OPTION, "true");
      }
      TableDescriptor removing = current.withOptions(options)
          .withLifecycle(new Lifecycle(LifecycleState.REMOVING, Instant.now(), reason()));
      if (session.replace(current, removing)) {
        return removing;
      }
    }
    throw changedMeanwhile(name);
  }

  /** Drops the Iceberg table (unless kept) and deletes the entry, here, as no instance owns the table. */
  private static void finish(TableStoreSession session, TableDescriptor removing) {
    boolean deleted;
    try {
      deleted = TableRemoval.finish(removing, LakeReader.open(session.config().lake()).tables(), session.store());
    } catch (CommandFailure e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CommandFailure(ExitCode.UNAVAILABLE, "Cannot finish removing table " + removing.qualifiedName()
          + " (" + Connections.rootMessage(e) + "): check that Kafka and the catalog are up, then run mink table "
          + "remove " + removing.qualifiedName() + " again", e);
    }
    if (!deleted) {
      throw changedMeanwhile(removing.qualifiedName());
    }
  }

  /**
   * Polls until the entry is gone, and returns the line to print; finishes the removal here if the last instance
   * left meanwhile. Exit code 5 when the time runs out.
   */
  private static String awaitGone(TableStoreSession session, TableDescriptor removing, String ownersGroup,
      Duration timeout, Environment environment) {
    String name = removing.qualifiedName();
    environment.err().printf("Waiting up to %s for the sidecar to finish removing table %s%n",
        Durations.format(timeout), name);
    environment.err().flush();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      Pause.sleep(POLL);
      Optional<TableDescriptor> current = session.find(name);
      if (current.isEmpty()) {
        return "Removed table " + name + ".\n";
      }
      if (current.get().equals(removing)
          && OwnersGroup.members(session.admin(), session.clients(), ownersGroup) == 0) {
        finish(session, removing);
        return removed(removing);
      }
    }
    throw new CommandFailure(ExitCode.UNAVAILABLE, "Table " + name + " is still removing after "
        + Durations.format(timeout) + ": check that the sidecars run (mink cluster stats), or stop them and run "
        + "mink table remove " + name + " again to finish it here");
  }

  private static String removed(TableDescriptor removing) {
    return TableRemoval.keepsTable(removing)
        ? "Removed table " + removing.qualifiedName() + ": deleted its entry; the Iceberg table stays in the catalog "
            + "(mink table add " + removing.topic() + " --attach takes it over again).\n"
        : "Removed table " + removing.qualifiedName() + ": dropped the Iceberg table with its data and metadata, "
            + "and deleted its entry.\n";
  }

  private static CommandFailure changedMeanwhile(String name) {
    return new CommandFailure(ExitCode.CONFLICT, "Table " + name + " changed meanwhile (another client altered or "
        + "removed it): run the command again");
  }

  /** Who removed the table, for the reason its state records. */
  private static String reason() {
    String who = System.getProperty("user.name", "unknown");
    try {
      who += "@" + InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      // the user alone then
    }
    return "removed by mink table remove (" + who + ")";
  }

  private void print(Environment environment, TableDescriptor removing, boolean gone, String text) {
    if (!output.json()) {
      environment.out().print(text);
      return;
    }
    ObjectNode node = CommandJson.descriptor(removing);
    node.put("removed", gone);
    node.put("icebergTableKept", TableRemoval.keepsTable(removing));
    environment.out().print(CommandJson.render(node));
  }
}

package io.mink.cli;

import io.mink.cli.operations.TableOptions;
import io.mink.cli.operations.TableStoreSession;
import io.mink.indexer.config.MinkConfig;
import io.mink.tables.AddedTables;
import io.mink.tables.NewerEntryFormatException;
import io.mink.tables.TableDescriptor;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
    name = "list",
    description = "List the added tables: the indexing ones, or with --all every state "
        + "(indexing, missing, replaced, removing), with since when and why.",
    footer = {
      "",
      "Examples:",
      "  mink table list",
      "  mink table list --all --namespace sales",
      "  mink table list --all --output json | jq -r '.[] | .table + \" \" + .state.name'"
    })
final class TableListCommand extends GroupSubcommand {
  @Option(
      names = "--all",
      description = "Every added table, whatever its state (default: the indexing ones)")
  boolean all;

  @Option(
      names = "--namespace",
      paramLabel = "NAMESPACE",
      description = "Only the tables of this namespace " + "(default: every namespace)")
  String namespace;

  @Override
  public Integer call() {
    Environment environment = environment();
    MinkConfig minkConfig = config.load(environment);
    if (namespace != null) {
      TableOptions.identifier(namespace, "namespace", "");
    }
    List<TableDescriptor> tables;
    List<NewerEntryFormatException> newer;
    try (TableStoreSession session = TableStoreSession.open(minkConfig)) {
      AddedTables added = session.added();
      tables = added.tables().stream()
          .filter(table -> namespace == null || table.namespace().equals(namespace))
          .toList();
      newer = added.newer().stream()
          .filter(entry -> namespace == null || entry.qualifiedName().startsWith(namespace + "."))
          .toList();
    }
    environment
        .out()
        .print(
            output.json()
                ? TableListing.json(tables, all)
                : TableListing.text(tables, all, namespace, Instant.now()));
    environment.out().flush();
    newer.forEach(entry -> environment.err().println("Error: " + entry.getMessage()));
    return newer.isEmpty() ? ExitCode.OK.code() : ExitCode.CONFLICT.code();
  }
}

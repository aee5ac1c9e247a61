package io.mink.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The table a command acts on: TABLE as namespace.name, or a name in --namespace or [indexer] namespace. */
final class TableArgument {
  @Parameters(
      index = "0",
      paramLabel = "TABLE",
      description = "The table, as namespace.name or as a name in " + "--namespace")
  String table;

  @Option(
      names = "--namespace",
      paramLabel = "NAMESPACE",
      description =
          "The namespace of a TABLE given without one (default: [indexer] namespace, kafka)")
  String namespace;

  /** The qualified name; a usage error when it is no valid name. */
  String qualifiedName(String defaultNamespace) {
    return TableNames.qualified(table, namespace, defaultNamespace);
  }
}

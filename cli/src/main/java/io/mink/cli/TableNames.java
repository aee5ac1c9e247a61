package io.mink.cli;

import io.mink.cli.operations.TableOptions;
import io.mink.indexer.errors.MinkException;

/**
 * A table as the commands take it: {@code namespace.name}, or a name alone in the namespace of --namespace or, without
 * it, of [indexer] namespace.
 */
final class TableNames {
  private TableNames() {}

  /** The qualified name of the table the user named; a usage error when it is no valid name. */
  static String qualified(String table, String namespaceOption, String defaultNamespace) {
    int dot = table.indexOf('.');
    if (dot < 0) {
      String namespace = namespaceOption == null ? defaultNamespace : namespaceOption;
      TableOptions.identifier(namespace, "namespace", "");
      return namespace + "." + TableOptions.identifier(table, "table name", "");
    }
    String namespace = table.substring(0, dot);
    String name = table.substring(dot + 1);
    if (namespaceOption != null && !namespaceOption.equals(namespace)) {
      throw MinkException.user("Table " + table + " is in namespace " + namespace + ", not "
          + namespaceOption + ": leave out --namespace, or name the table without its namespace");
    }
    TableOptions.identifier(
        namespace, "namespace", " (name the table as namespace.name, such as kafka.orders)");
    TableOptions.identifier(
        name, "table name", " (name the table as namespace.name, such as kafka.orders)");
    return namespace + "." + name;
  }
}

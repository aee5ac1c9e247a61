package io.mink.registry;

import java.util.List;
import java.util.Optional;

/** The added tables, shared by every sidecar instance and the CLI. */
public interface TableStore extends AutoCloseable {
  /** Every added table, as of now. */
  List<TableDescriptor> list();

  default Optional<TableDescriptor> find(String qualifiedName) {
    return list().stream().filter(table -> table.qualifiedName().equals(qualifiedName)).findFirst();
  }

  void put(TableDescriptor descriptor);

  void remove(String qualifiedName);

  @Override
  void close();
}

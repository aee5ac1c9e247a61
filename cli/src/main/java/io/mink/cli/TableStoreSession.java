package io.mink.cli;

import io.mink.indexer.config.MinkConfig;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.KafkaException;

/**
 * The Kafka side of a table command: an admin that reached the cluster and the tables topic, whose failures
 * become messages a person can act on.
 */
final class TableStoreSession implements AutoCloseable {
  private final MinkConfig config;
  private final KafkaClientFactory clients;
  private final Admin admin;
  private final KafkaTableStore store;

  private TableStoreSession(MinkConfig config, KafkaClientFactory clients, Admin admin, KafkaTableStore store) {
    this.config = config;
    this.clients = clients;
    this.admin = admin;
    this.store = store;
  }

  static TableStoreSession open(MinkConfig config) {
    KafkaClientFactory clients = new KafkaClientFactory(config.kafka(), "mink-cli", config.minkTopics());
    Admin admin = Connections.kafkaAdmin(clients);
    return new TableStoreSession(config, clients, admin, new KafkaTableStore(clients, config.indexer().tablesTopic()));
  }

  MinkConfig config() {
    return config;
  }

  KafkaClientFactory clients() {
    return clients;
  }

  Admin admin() {
    return admin;
  }

  KafkaTableStore store() {
    return store;
  }

  List<TableDescriptor> list() {
    return call(store::list);
  }

  Optional<TableDescriptor> find(String qualifiedName) {
    return call(() -> store.find(qualifiedName));
  }

  /** The added table of that name in any state. */
  TableDescriptor require(String qualifiedName) {
    return find(qualifiedName).orElseThrow(() -> notAdded(qualifiedName));
  }

  static CommandFailure notAdded(String qualifiedName) {
    return new CommandFailure(ExitCode.CONFLICT, "Table " + qualifiedName + " is not added: mink table list --all "
        + "shows the added tables");
  }

  boolean add(TableDescriptor descriptor) {
    return call(() -> store.add(descriptor));
  }

  boolean replace(TableDescriptor expected, TableDescriptor updated) {
    return call(() -> store.replace(expected, updated));
  }

  /** Runs a call on the tables topic; Kafka's failures become exit code 5 with the reason. */
  <T> T call(Supplier<T> action) {
    try {
      return action.get();
    } catch (IllegalStateException e) {
      throw new CommandFailure(ExitCode.UNAVAILABLE, e.getMessage(), e);
    } catch (KafkaException e) {
      throw Connections.unreachable(clients, e);
    }
  }

  @Override
  public void close() {
    try {
      store.close();
    } finally {
      admin.close();
    }
  }
}

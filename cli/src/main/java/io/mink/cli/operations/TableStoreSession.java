package io.mink.cli.operations;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.errors.MinkException;
import io.mink.tables.AddedTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.NewerEntryFormatException;
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
public final class TableStoreSession implements AutoCloseable {
  private final MinkConfig config;
  private final KafkaClientFactory clients;
  private final Admin admin;
  private final KafkaTableStore store;

  private TableStoreSession(
      MinkConfig config, KafkaClientFactory clients, Admin admin, KafkaTableStore store) {
    this.config = config;
    this.clients = clients;
    this.admin = admin;
    this.store = store;
  }

  public static TableStoreSession open(MinkConfig config) {
    KafkaClientFactory clients =
        new KafkaClientFactory(config.kafka(), "mink-cli", config.minkTopics());
    Admin admin = Connections.kafkaAdmin(clients);
    return new TableStoreSession(
        config, clients, admin, new KafkaTableStore(clients, config.indexer().tablesTopic()));
  }

  public MinkConfig config() {
    return config;
  }

  public KafkaClientFactory clients() {
    return clients;
  }

  public Admin admin() {
    return admin;
  }

  public KafkaTableStore store() {
    return store;
  }

  public List<TableDescriptor> list() {
    return call(store::list);
  }

  public Optional<TableDescriptor> find(String qualifiedName) {
    return call(() -> store.find(qualifiedName));
  }

  /** The added table of that name in any state. */
  public TableDescriptor require(String qualifiedName) {
    return find(qualifiedName).orElseThrow(() -> notAdded(qualifiedName));
  }

  public static MinkException notAdded(String qualifiedName) {
    return MinkException.conflict("Table " + qualifiedName + " is not added: mink table list --all "
        + "shows the added tables");
  }

  public boolean add(TableDescriptor descriptor) {
    return call(() -> store.add(descriptor));
  }

  public boolean replace(TableDescriptor expected, TableDescriptor updated) {
    return call(() -> store.replace(expected, updated));
  }

  /** The tables whose entries are of a newer format than this Mink reads: not listed, never changed. */
  public List<NewerEntryFormatException> newerEntries() {
    return call(store::newerEntries);
  }

  /** The added tables and the entries too new for this Mink, from one read of the tables topic. */
  public AddedTables added() {
    return call(store::added);
  }

  /**
   * Runs a call on the tables topic; Kafka's failures become exit code 5 with the reason, and a table whose entry
   * this Mink is too old to read a conflict, exit code 4.
   */
  public <T> T call(Supplier<T> action) {
    try {
      return action.get();
    } catch (NewerEntryFormatException e) {
      throw MinkException.conflict(e.getMessage(), e);
    } catch (IllegalStateException e) {
      throw MinkException.external(e.getMessage(), e);
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

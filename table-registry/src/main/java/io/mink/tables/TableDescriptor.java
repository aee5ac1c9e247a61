package io.mink.tables;

import static java.util.Objects.requireNonNull;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * An added table: the topic it indexes, where it lives in the catalog, its options and its state. Serializable, so
 * that a reader of the table on other machines (a Spark task) is sent it rather than read the tables topic.
 *
 * @param topicId Kafka's id of the topic when it was added, so a recreated topic is told apart
 * @param options the table options as given to {@code mink table add}, copied as mink.* properties
 * @param lifecycle the table's state, since when and why
 */
public record TableDescriptor(
    String namespace,
    String name,
    String topic,
    String topicId,
    Duration freshness,
    Map<String, String> options,
    Instant addedAt,
    Lifecycle lifecycle)
    implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  public TableDescriptor {
    requireNonNull(namespace, "namespace is null");
    requireNonNull(name, "name is null");
    requireNonNull(topic, "topic is null");
    requireNonNull(freshness, "freshness is null");
    requireNonNull(addedAt, "addedAt is null");
    requireNonNull(lifecycle, "lifecycle is null");
    options = Map.copyOf(new TreeMap<>(requireNonNull(options, "options is null")));
    if (freshness.isNegative() || freshness.isZero()) {
      throw new IllegalArgumentException("freshness must be positive, not " + freshness);
    }
  }

  /** A table just added: indexing since {@code addedAt}. */
  public TableDescriptor(
      String namespace,
      String name,
      String topic,
      String topicId,
      Duration freshness,
      Map<String, String> options,
      Instant addedAt) {
    this(
        namespace,
        name,
        topic,
        topicId,
        freshness,
        options,
        addedAt,
        Lifecycle.indexing(addedAt, "added"));
  }

  /** namespace.name, the key of the table in the store and its name in the catalog. */
  public String qualifiedName() {
    return namespace + "." + name;
  }

  public LifecycleState state() {
    return lifecycle.state();
  }

  public boolean isIndexing() {
    return lifecycle.is(LifecycleState.INDEXING);
  }

  public TableDescriptor withLifecycle(Lifecycle next) {
    return new TableDescriptor(namespace, name, topic, topicId, freshness, options, addedAt, next);
  }

  public TableDescriptor withTopicId(String id) {
    return new TableDescriptor(namespace, name, topic, id, freshness, options, addedAt, lifecycle);
  }

  public TableDescriptor withFreshness(Duration next) {
    return new TableDescriptor(namespace, name, topic, topicId, next, options, addedAt, lifecycle);
  }

  public TableDescriptor withOptions(Map<String, String> next) {
    return new TableDescriptor(
        namespace, name, topic, topicId, freshness, next, addedAt, lifecycle);
  }

  public static boolean isValidIdentifier(String name) {
    return IDENTIFIER.matcher(name).matches();
  }

  /**
   * The table name for a topic: the topic's name with '.' and '-' (legal in topic names, not in
   * SQL identifiers) replaced by '_'.
   */
  public static String tableNameFor(String topic) {
    return topic.replace('.', '_').replace('-', '_');
  }
}

package io.mink.indexer.errors;

import io.mink.indexer.lifecycle.TopicIdentityCheck.TopicChangedException;
import io.mink.lake.attach.AttachConflictException;
import io.mink.lake.commit.OffsetConflictException;
import io.mink.lake.commit.SchemaConflictException;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.tables.TableStoreException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.RESTException;
import org.apache.iceberg.exceptions.RuntimeIOException;
import org.apache.iceberg.exceptions.ServiceFailureException;
import org.apache.iceberg.exceptions.ServiceUnavailableException;
import org.apache.kafka.common.KafkaException;

/**
 * The category of any failure: a {@link MinkException} says its own; the failures of Kafka, Iceberg, the object
 * store and the network are external, a table that is not where it was is a conflict, and anything else is a bug.
 * The whole chain of causes is looked at, so a wrapped outage is still an outage.
 */
public final class ErrorCategories {
  /** Failures of what Mink talks to, and commits that lost a race with another writer: retried. */
  private static final List<Class<? extends Throwable>> EXTERNAL = List.of(
      KafkaException.class,
      IOException.class,
      UncheckedIOException.class,
      RuntimeIOException.class,
      TimeoutException.class,
      RESTException.class,
      ServiceFailureException.class,
      ServiceUnavailableException.class,
      CommitFailedException.class,
      CommitStateUnknownException.class,
      OffsetConflictException.class,
      SchemaConflictException.class,
      TableStoreException.class,
      RegistryUnavailableException.class);
  /** Packages of clients whose every failure is an outage: the object store's SDK and its HTTP client. */
  private static final List<String> EXTERNAL_PACKAGES =
      List.of("software.amazon.awssdk.", "org.apache.hc.", "org.apache.http.");
  /** The table or its topic is not what the round found when it started: someone changed it. */
  private static final List<Class<? extends Throwable>> CONFLICT = List.of(
      NoSuchTableException.class,
      NoSuchNamespaceException.class,
      TopicChangedException.class,
      AttachConflictException.class);

  private ErrorCategories() {}

  public static ErrorCategory of(Throwable failure) {
    for (Throwable cause : chain(failure)) {
      if (cause instanceof MinkException categorized) {
        return categorized.category();
      }
    }
    if (anyInChain(failure, cause -> CONFLICT.stream().anyMatch(type -> type.isInstance(cause)))) {
      return ErrorCategory.CONFLICT;
    }
    if (anyInChain(failure, ErrorCategories::isExternal)) {
      return ErrorCategory.EXTERNAL;
    }
    return ErrorCategory.INTERNAL;
  }

  private static boolean isExternal(Throwable cause) {
    String name = cause.getClass().getName();
    return EXTERNAL.stream().anyMatch(type -> type.isInstance(cause))
        || EXTERNAL_PACKAGES.stream().anyMatch(name::startsWith);
  }

  private static boolean anyInChain(Throwable failure, Predicate<Throwable> test) {
    return chain(failure).stream().anyMatch(test);
  }

  /** The failure, its cause, the cause's cause and so on, each once. */
  private static List<Throwable> chain(Throwable failure) {
    List<Throwable> chain = new ArrayList<>();
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Throwable cause = failure; cause != null && seen.add(cause); cause = cause.getCause()) {
      chain.add(cause);
    }
    return chain;
  }
}

package io.mink.cli.operations;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.tables.KafkaClientFactory;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.iceberg.catalog.Catalog;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;

/** Opens Kafka and the catalog for a command, turning failures into messages a person can act on. */
public final class Connections {
  public static final Duration KAFKA_TIMEOUT = Duration.ofSeconds(15);

  private Connections() {}

  /** An admin client that has reached the cluster. */
  public static Admin kafkaAdmin(KafkaClientFactory clients) {
    Admin admin;
    try {
      admin = clients.admin((int) KAFKA_TIMEOUT.toMillis());
    } catch (KafkaException e) {
      throw unreachable(clients, e.getCause() instanceof ConfigException ? e.getCause() : e);
    }
    try {
      admin.describeCluster().clusterId().get(KAFKA_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      return admin;
    } catch (TimeoutException | ExecutionException e) {
      admin.close(Duration.ZERO);
      throw unreachable(clients, e);
    } catch (InterruptedException e) {
      admin.close(Duration.ZERO);
      Thread.currentThread().interrupt();
      throw new MinkException(ErrorCategory.INTERNAL, "Interrupted while connecting to Kafka", e);
    } catch (RuntimeException e) {
      admin.close(Duration.ZERO);
      throw unreachable(clients, e);
    }
  }

  public static MinkException unreachable(KafkaClientFactory clients, Throwable cause) {
    Throwable reason =
        cause instanceof ExecutionException && cause.getCause() != null ? cause.getCause() : cause;
    String detail = reason instanceof TimeoutException
            || reason instanceof org.apache.kafka.common.errors.TimeoutException
        ? "no answer within " + KAFKA_TIMEOUT.toSeconds() + "s"
        : reason instanceof ConfigException
            ? "no broker address resolves: " + reason.getMessage()
            : reason.getClass().getSimpleName() + ": " + reason.getMessage();
    return MinkException.external(
        "Cannot reach Kafka at " + clients.bootstrapServers() + " (" + detail
            + "): check bootstrap.servers in [kafka] (or --bootstrap) and that the brokers are up",
        cause);
  }

  public static Catalog catalog(LakeSettings settings) {
    try {
      return CatalogLoader.load(settings);
    } catch (RuntimeException e) {
      throw MinkException.external(
          "Cannot open the " + settings.catalog() + " catalog at "
              + settings.location() + " ("
              + rootMessage(e)
              + "): check [lake] in the config file and that the catalog is up",
          e);
    }
  }

  public static String rootMessage(Throwable error) {
    Throwable root = error;
    StringBuilder message = new StringBuilder(String.valueOf(error.getMessage()));
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
      if (root.getMessage() != null && !message.toString().contains(root.getMessage())) {
        message.append(": ").append(root.getMessage());
      }
    }
    return message.toString();
  }
}

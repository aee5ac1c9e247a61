package io.mink.cli;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.MinkConfig;
import io.mink.tables.acl.AccessDenied;
import io.mink.tables.acl.ServeAccessCheck;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sidecar's ACLs on Mink's own resources, checked before it creates or reads anything: a missing one stops
 * {@code mink serve} with exit code 3 and a {@code kafka-acls} command per resource. When Kafka cannot be asked,
 * the start goes on and meets the broker's answer where it uses the resource.
 */
final class ServeAccess {
  private static final Logger LOG = LoggerFactory.getLogger(ServeAccess.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(15);

  private ServeAccess() {}

  static void check(Admin admin, MinkConfig config) throws InterruptedException {
    List<AccessDenied> missing;
    try {
      missing = new ServeAccessCheck(admin, KafkaRefusals.resources(config), TIMEOUT).missing();
    } catch (ExecutionException | TimeoutException e) {
      LOG.warn(
          "Cannot check Mink's ACLs on its own topics and groups ({}); starting anyway",
          e.getCause() == null ? e.toString() : e.getCause().getMessage());
      return;
    }
    if (missing.size() == 1) {
      throw new ConfigException(missing.get(0).message(config.kafka()));
    }
    if (!missing.isEmpty()) {
      StringBuilder message = new StringBuilder("mink serve lacks ")
          .append(missing.size())
          .append(
              " of the ACLs docs/operations.md (\"Security\") lists; nothing was created or changed:");
      missing.forEach(denied -> message.append("\n  ").append(denied.message(config.kafka())));
      throw new ConfigException(message.toString());
    }
  }
}

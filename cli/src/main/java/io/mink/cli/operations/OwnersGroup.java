package io.mink.cli.operations;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import io.mink.tables.KafkaClientFactory;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * The sidecar instances that share the tables: the members of the consumer group {@code <group_id>.owners}. A table
 * with no member to own it is not tiered by anyone, so a command may finish its removal itself.
 */
final class OwnersGroup {
  private OwnersGroup() {}

  /** How many instances are members of the group now; 0 when the group is empty or does not exist. */
  static int members(Admin admin, KafkaClientFactory clients, String groupId) {
    try {
      ConsumerGroupDescription description = admin
          .describeConsumerGroups(List.of(groupId))
          .describedGroups()
          .get(groupId)
          .get(Connections.KAFKA_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      return description.members().size();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return 0;
      }
      if (e.getCause() instanceof GroupAuthorizationException) {
        throw MinkException.external(
            "Cannot describe the consumer group " + groupId + " of the "
                + "sidecar instances (" + e.getCause().getMessage()
                + "): grant the CLI's principal Describe on the "
                + "group, as it needs to know whether a sidecar owns the table",
            e);
      }
      throw Connections.unreachable(clients, e);
    } catch (TimeoutException e) {
      throw Connections.unreachable(clients, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MinkException(
          ErrorCategory.INTERNAL, "Interrupted while describing group " + groupId, e);
    }
  }
}

package io.mink.tables.acl;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.DescribeConsumerGroupsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.TransactionalIdNotFoundException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Whether Kafka grants {@code mink serve} what docs/operations.md lists on Mink's own topics, groups and
 * transactional id, asked before the sidecar creates or reads anything. Some of them are used only now and then
 * (Write on the tables topic when a table's topic is deleted), so a sidecar that lacks one says so at its start
 * rather than on the day it needs it. A topic that does not exist yet is asked about Create, by a creation Kafka
 * only validates.
 */
public final class ServeAccessCheck {
  private final Admin admin;
  private final MinkResources resources;
  private final Duration timeout;

  public ServeAccessCheck(Admin admin, MinkResources resources, Duration timeout) {
    this.admin = requireNonNull(admin, "admin is null");
    this.resources = requireNonNull(resources, "resources is null");
    this.timeout = requireNonNull(timeout, "timeout is null");
  }

  /**
   * What is missing, one refusal per resource with the operations Kafka does not grant, in the ACL table's order;
   * empty when Kafka grants them all.
   *
   * @throws ExecutionException when Kafka answers with anything but a grant or a refusal
   * @throws TimeoutException when Kafka does not answer within the timeout
   */
  public List<AccessDenied> missing()
      throws InterruptedException, ExecutionException, TimeoutException {
    List<AccessDenied> missing = new ArrayList<>();
    topic(MinkResource.TABLES_TOPIC, resources.tablesTopic()).ifPresent(missing::add);
    writer().ifPresent(missing::add);
    topic(MinkResource.OWNERS_TOPIC, resources.ownersTopic()).ifPresent(missing::add);
    topic(MinkResource.STATUS_TOPIC, resources.statusTopic()).ifPresent(missing::add);
    group(MinkResource.OWNERS_GROUP, resources.ownersGroup()).ifPresent(missing::add);
    group(MinkResource.GROUP, resources.groupId()).ifPresent(missing::add);
    return List.copyOf(missing);
  }

  private Optional<AccessDenied> topic(MinkResource resource, String name)
      throws InterruptedException, ExecutionException, TimeoutException {
    List<AclOperation> needed = needed(resource);
    KafkaFuture<Set<AclOperation>> granted = admin
        .describeTopics(
            List.of(name), new DescribeTopicsOptions().includeAuthorizedOperations(true))
        .topicNameValues()
        .get(name)
        .thenApply(description -> description.authorizedOperations());
    try {
      return denied(resource, name, needed, await(granted));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AuthorizationException) {
        return denied(resource, name, needed, Set.of());
      }
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return mayCreate(name)
            ? Optional.empty()
            : Optional.of(
                new AccessDenied(MinkAcls.SERVE, resource, name, List.of(AclOperation.CREATE)));
      }
      throw e;
    }
  }

  /** Whether Kafka would let Mink create the topic; any other objection is left to the creation itself. */
  private boolean mayCreate(String name) throws InterruptedException, TimeoutException {
    NewTopic topic = new NewTopic(name, Optional.empty(), Optional.empty());
    try {
      await(admin
          .createTopics(List.of(topic), new CreateTopicsOptions().validateOnly(true))
          .all());
      return true;
    } catch (ExecutionException e) {
      return !(e.getCause() instanceof AuthorizationException);
    }
  }

  private Optional<AccessDenied> writer()
      throws InterruptedException, ExecutionException, TimeoutException {
    String id = resources.transactionalId();
    try {
      await(admin.describeTransactions(List.of(id)).description(id));
      return Optional.empty();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof TransactionalIdNotFoundException) {
        return Optional.empty();
      }
      if (e.getCause() instanceof AuthorizationException) {
        return denied(MinkResource.TABLES_WRITER, id, needed(MinkResource.TABLES_WRITER), Set.of());
      }
      throw e;
    }
  }

  private Optional<AccessDenied> group(MinkResource resource, String name)
      throws InterruptedException, ExecutionException, TimeoutException {
    List<AclOperation> needed = needed(resource);
    try {
      Set<AclOperation> granted = await(admin
              .describeConsumerGroups(
                  List.of(name),
                  new DescribeConsumerGroupsOptions().includeAuthorizedOperations(true))
              .describedGroups()
              .get(name))
          .authorizedOperations();
      return denied(resource, name, needed, granted);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AuthorizationException) {
        return denied(resource, name, needed, Set.of());
      }
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return mayReadOffsets(name) ? Optional.empty() : denied(resource, name, needed, Set.of());
      }
      throw e;
    }
  }

  /**
   * Whether Kafka lets Mink read a group's committed offsets: of a group that does not exist yet, it tells no
   * operations, but refuses this without Describe, which Read implies.
   */
  private boolean mayReadOffsets(String group)
      throws InterruptedException, ExecutionException, TimeoutException {
    try {
      await(admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata());
      return true;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AuthorizationException) {
        return false;
      }
      throw e;
    }
  }

  /** The refusal of the needed operations not granted; Kafka may leave {@code granted} out (null): then none. */
  private static Optional<AccessDenied> denied(
      MinkResource resource, String name, List<AclOperation> needed, Set<AclOperation> granted) {
    if (granted == null) {
      return Optional.empty();
    }
    List<AclOperation> missing =
        needed.stream().filter(operation -> !granted.contains(operation)).toList();
    return missing.isEmpty()
        ? Optional.empty()
        : Optional.of(new AccessDenied(MinkAcls.SERVE, resource, name, missing));
  }

  private static List<AclOperation> needed(MinkResource resource) {
    return MinkAcls.operations(MinkAcls.SERVE, resource).stream()
        .filter(operation -> operation != AclOperation.CREATE)
        .toList();
  }

  private <T> T await(KafkaFuture<T> future)
      throws InterruptedException, ExecutionException, TimeoutException {
    return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }
}

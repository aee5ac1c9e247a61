package io.mink.tables.acl;

import static java.util.Objects.requireNonNull;

import org.apache.kafka.common.resource.ResourceType;

/**
 * The names of Mink's own Kafka resources, as the config sets them; any other topic is a table's topic.
 *
 * @param tablesTopic {@code [indexer] tables_topic}; its transactional id is this with {@code -writer}
 * @param ownersTopic {@code [indexer] owners_topic}
 * @param statusTopic {@code [indexer] status_topic}
 * @param groupId {@code [indexer] group_id}; the sidecars' group is this with {@code .owners}
 */
public record MinkResources(
    String tablesTopic, String ownersTopic, String statusTopic, String groupId) {
  public MinkResources {
    requireNonNull(tablesTopic, "tablesTopic is null");
    requireNonNull(ownersTopic, "ownersTopic is null");
    requireNonNull(statusTopic, "statusTopic is null");
    requireNonNull(groupId, "groupId is null");
  }

  /** The transactional id every writer of the tables topic shares. */
  public String transactionalId() {
    return tablesTopic + "-writer";
  }

  public String ownersGroup() {
    return groupId + ".owners";
  }

  /** What the resource of that type and name is to Mink. */
  public MinkResource of(ResourceType type, String name) {
    return switch (type) {
      case TOPIC ->
        name.equals(tablesTopic)
            ? MinkResource.TABLES_TOPIC
            : name.equals(ownersTopic)
                ? MinkResource.OWNERS_TOPIC
                : name.equals(statusTopic) ? MinkResource.STATUS_TOPIC : MinkResource.TABLE_TOPIC;
      case GROUP -> name.equals(ownersGroup()) ? MinkResource.OWNERS_GROUP : MinkResource.GROUP;
      case TRANSACTIONAL_ID -> MinkResource.TABLES_WRITER;
      default -> MinkResource.CLUSTER;
    };
  }
}

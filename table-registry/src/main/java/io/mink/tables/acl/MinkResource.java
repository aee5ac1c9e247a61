package io.mink.tables.acl;

import org.apache.kafka.common.resource.ResourceType;

/** The Kafka resources Mink uses, by what they are to it. */
public enum MinkResource {
  TABLE_TOPIC(ResourceType.TOPIC),
  TABLES_TOPIC(ResourceType.TOPIC),
  TABLES_WRITER(ResourceType.TRANSACTIONAL_ID),
  OWNERS_TOPIC(ResourceType.TOPIC),
  STATUS_TOPIC(ResourceType.TOPIC),
  GROUP(ResourceType.GROUP),
  OWNERS_GROUP(ResourceType.GROUP),
  CLUSTER(ResourceType.CLUSTER);

  private final ResourceType type;

  MinkResource(ResourceType type) {
    this.type = type;
  }

  public ResourceType type() {
    return type;
  }
}

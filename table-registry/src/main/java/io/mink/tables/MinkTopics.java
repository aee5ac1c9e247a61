package io.mink.tables;

/**
 * How Mink creates its own topics (tables, status, ownership).
 *
 * @param replicationFactor the replicas of each; 0 for three, or the number of brokers when fewer
 * @param minInsyncReplicas the topics' min.insync.replicas; 0 to keep the brokers' setting
 */
public record MinkTopics(int replicationFactor, int minInsyncReplicas) {
  /** Three replicas (fewer on smaller clusters) and the brokers' min.insync.replicas. */
  public static final MinkTopics DEFAULT = new MinkTopics(0, 0);

  public MinkTopics {
    if (replicationFactor < 0 || replicationFactor > Short.MAX_VALUE) {
      throw new IllegalArgumentException("replicationFactor must be between 0 (automatic) and "
          + Short.MAX_VALUE + ", not " + replicationFactor);
    }
    if (minInsyncReplicas < 0) {
      throw new IllegalArgumentException(
          "minInsyncReplicas must not be negative, not " + minInsyncReplicas);
    }
  }

  /** The replication factor of a new topic on a cluster of {@code brokers}. */
  public short replicationFactorFor(int brokers) {
    return (short) (replicationFactor > 0 ? replicationFactor : Math.min(3, Math.max(1, brokers)));
  }
}

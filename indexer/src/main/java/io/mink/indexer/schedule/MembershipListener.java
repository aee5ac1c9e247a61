package io.mink.indexer.schedule;

import java.util.Set;

/**
 * What the group membership tells the scheduler. Both calls run on the membership thread, inside the
 * consumer's rebalance callbacks: when {@link #revoked} returns, Kafka may give the partitions to
 * another instance, so it must first stop the rounds of the tables in them.
 */
public interface MembershipListener {
  /**
   * A rebalance ended: this instance now also holds {@code partitions} of the ownership topic, got in
   * {@code generation}. Called after every rebalance this instance takes part in, with no partitions when it
   * gained none, so it also says that the instance is a member of the group.
   */
  void assigned(Set<Integer> partitions, int generation, int partitionCount);

  /**
   * This instance no longer holds {@code partitions}: taken away by a rebalance, or lost because its
   * session expired. Returns once no round of their tables can commit any more.
   */
  void revoked(Set<Integer> partitions);
}

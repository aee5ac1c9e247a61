package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.tables.KafkaClientFactory;
import io.mink.testkit.KafkaBroker;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Group membership against brokers with Kafka's default session limits (6 s to 30 min), not the test kit's. */
class GroupMembershipDefaultsIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker(Map.of("group.min.session.timeout.ms", "6000"));

  @Test
  void aSessionTimeoutTheBrokersRefuseSaysWhichSettingToChange() throws Exception {
    String group = "mink_" + UUID.randomUUID().toString().substring(0, 8);
    try (GroupMembership refused = new GroupMembership(
        clients(),
        group,
        group + "_owners",
        Duration.ofSeconds(1),
        listener(new CountDownLatch(1)))) {
      refused.start();

      Optional<String> problem = awaitProblem(refused);

      assertThat(problem)
          .contains(
              "the brokers refuse the session timeout of 1000 ms: set [indexer] session_timeout "
                  + "within their group.min.session.timeout.ms and group.max.session.timeout.ms (6s to 30m by default)");
    }
  }

  @Test
  void theDefaultSessionTimeoutJoins() throws Exception {
    String group = "mink_" + UUID.randomUUID().toString().substring(0, 8);
    CountDownLatch joined = new CountDownLatch(1);
    try (GroupMembership member = new GroupMembership(
        clients(), group, group + "_owners", Duration.ofSeconds(10), listener(joined))) {
      member.start();

      assertThat(joined.await(60, TimeUnit.SECONDS)).as("joined").isTrue();
      assertThat(member.joinProblem()).isEmpty();
    }
  }

  private static Optional<String> awaitProblem(GroupMembership membership) {
    return await("a join problem")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .until(membership::joinProblem, Optional::isPresent);
  }

  private static MembershipListener listener(CountDownLatch joined) {
    return new MembershipListener() {
      @Override
      public void assigned(Set<Integer> partitions, int generation, int partitionCount) {
        joined.countDown();
      }

      @Override
      public void revoked(Set<Integer> partitions) {}
    };
  }

  private static KafkaClientFactory clients() {
    return new KafkaClientFactory(
        Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
  }
}

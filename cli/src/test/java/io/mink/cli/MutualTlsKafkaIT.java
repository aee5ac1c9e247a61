package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.security.SecuredListeners;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mink on Kafka with mutual TLS and ACLs on: its certificate ({@code CN=mink}) is {@code User:mink}, which holds only
 * the ACLs docs/operations.md lists for {@code mink serve}, {@code mink table add} and {@code mink read}.
 */
class MutualTlsKafkaIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker(SecuredListeners.mutualTls());

  @TempDir
  Path directory;

  @Test
  void serveAddAndReadWorkWithTheDocumentedAclsAlone() throws Exception {
    SecuredMink mink = new SecuredMink(KAFKA, directory);
    String topic = mink.topic("payments", 2);
    String table = "kafka." + topic;
    mink.produce(topic, 2, 10);
    mink.grant(mink.acls(List.of(topic), "mink serve", "mink table add", "mink read"));

    CommandRun add = mink.run("table", "add", topic, "--freshness", "1s");
    assertThat(add.exitCode()).as(add.err()).isZero();

    try (SidecarProcess sidecar = mink.serve()) {
      Awaitility.await("10 rows of " + table + " in the lake")
          .atMost(TIMEOUT)
          .pollInterval(Duration.ofMillis(300))
          .until(() -> {
            sidecar.checkRunning();
            return mink.lakeRows(table) == 10;
          });
    }
    CommandRun read = mink.run("read", table, "--output", "csv", "--columns", "_kafka_offset");
    assertThat(read.exitCode()).as(read.err()).isZero();
    assertThat(read.out().lines().count()).isEqualTo(11);
  }
}

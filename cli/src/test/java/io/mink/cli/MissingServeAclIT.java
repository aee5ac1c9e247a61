package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.tables.TableDescriptor;
import io.mink.tables.acl.MinkAcls;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.security.SecuredListeners;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.resource.ResourceType;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mink serve} with one of its documented ACLs taken away, one at a time. On Mink's own resources the start
 * stops with exit code 3, naming the operation, the resource and the {@code kafka-acls} command that grants it,
 * before it created or wrote anything; a table's topic it may not read is that table's error until the ACL is
 * granted, and then every record is tiered once. That each ACL is needed shows the docs list no more than the
 * sidecar uses.
 */
class MissingServeAclIT {
  private static final int RECORDS = 30;
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker(SecuredListeners.saslSsl());

  @TempDir
  Path directory;

  @Test
  void eachMissingAclIsNamedWithHowToGrantItAndGrantingItIsEnough() throws Exception {
    SecuredMink mink = new SecuredMink(KAFKA, directory);
    String topic = mink.topic("orders", 2);
    String table = "kafka." + topic;
    mink.produce(topic, 2, RECORDS);
    mink.createMinkTopics();
    List<AclBinding> adding = mink.acls(List.of(topic), "mink table add");
    mink.grant(adding);
    CommandRun add = mink.run("table", "add", topic, "--freshness", "1s");
    assertThat(add.exitCode()).as(add.err()).isZero();
    mink.revoke(adding);
    Optional<TableDescriptor> entry = mink.entry(table);
    List<AclBinding> acls = mink.acls(List.of(topic), MinkAcls.SERVE).stream()
        .filter(acl -> acl.entry().operation() != AclOperation.CREATE)
        .toList();
    mink.grant(acls);

    List<String> failures = new ArrayList<>();
    for (AclBinding acl : acls) {
      if (!acl.pattern().name().equals(topic)) {
        refusedAtStart(mink, acl).ifPresent(failures::add);
      }
    }
    assertThat(failures).isEmpty();
    assertThat(mink.entry(table)).isEqualTo(entry);
    assertThat(mink.lakeRows(table)).isZero();

    AclBinding read = acls.stream()
        .filter(acl -> acl.pattern().name().equals(topic))
        .findFirst()
        .orElseThrow();
    mink.revoke(List.of(read));
    try (SidecarProcess sidecar = mink.serve()) {
      String refusal = sidecar.await(expected(read), TIMEOUT);
      assertThat(refusal).contains("--operation Read --topic " + topic);
      assertThat(mink.lakeRows(table)).isZero();
      mink.grant(List.of(read));
      Awaitility.await(RECORDS + " rows of " + table + " once Read is granted")
          .atMost(TIMEOUT)
          .pollInterval(Duration.ofMillis(300))
          .until(() -> {
            sidecar.checkRunning();
            return mink.lakeRows(table) == RECORDS;
          });
    }
  }

  @Test
  void eachMissingCreateIsNamedBeforeAnyTopicIsCreated() throws Exception {
    SecuredMink mink = new SecuredMink(KAFKA, directory);
    List<AclBinding> acls = mink.acls(List.of("orders"), MinkAcls.SERVE);
    mink.grant(acls);
    List<String> failures = new ArrayList<>();
    for (AclBinding acl : acls) {
      if (acl.entry().operation() == AclOperation.CREATE) {
        refusedAtStart(mink, acl).ifPresent(failures::add);
      }
    }
    assertThat(failures).isEmpty();
    Set<String> topics = KAFKA.admin().listTopics().names().get();
    assertThat(topics)
        .doesNotContain(
            mink.name("_mink_tables"), mink.name("_mink_owners"), mink.name("_mink_status"));
  }

  /** Runs {@code mink serve} without {@code acl}: empty when it stopped at once as documented, else what it did. */
  private static Optional<String> refusedAtStart(SecuredMink mink, AclBinding acl)
      throws Exception {
    mink.revoke(List.of(acl));
    long start = System.nanoTime();
    CommandRun run = CompletableFuture.supplyAsync(() -> mink.run("serve"))
        .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    mink.grant(List.of(acl));
    System.out.printf(
        "mink serve without %s on %s: exit %d in %d ms%n",
        label(acl), acl.pattern().name(), run.exitCode(), (System.nanoTime() - start) / 1_000_000);
    String line =
        run.err().lines().filter(l -> l.contains(expected(acl))).findFirst().orElse("");
    boolean named = line.contains("--operation " + label(acl) + " ")
        && line.endsWith(" " + acl.pattern().name());
    return run.exitCode() == ExitCode.CONFIG.code() && named
        ? Optional.empty()
        : Optional.of("without " + label(acl) + " on " + acl.pattern().resourceType() + " "
            + acl.pattern().name() + ": exit " + run.exitCode() + ", " + run.err() + run.out());
  }

  private static String expected(AclBinding acl) {
    String name = acl.pattern().name();
    String resource = acl.pattern().resourceType() == ResourceType.GROUP
        ? "consumer group " + name
        : acl.pattern().resourceType() == ResourceType.TRANSACTIONAL_ID
            ? "transactional id " + name
            : "topic " + name;
    return "Kafka denied mink serve access to " + resource + ": ";
  }

  private static String label(AclBinding acl) {
    String name = acl.entry().operation().name();
    return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
  }
}

package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.security.SecuredListeners;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.kafka.common.acl.AclBinding;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each command with one of its documented ACLs taken away, one at a time: it exits 3, names the operation and the
 * resource and says how to grant it, and changes nothing. That each ACL is needed shows the docs list no more than
 * the commands use.
 */
class MissingAclIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker(SecuredListeners.saslSsl());

  @TempDir
  Path directory;

  /** A command, and how to run it on the table of a Mink. */
  record Command(String user, Function<Setup, CommandRun> run) {
    @Override
    public String toString() {
      return user;
    }
  }

  /** What a command runs on: a Mink whose table {@code table} of topic {@code topic} is added, unless adding. */
  record Setup(SecuredMink mink, String topic, String table) {}

  static Stream<Arguments> commands() {
    return Stream.of(
            new Command("mink table add", s -> s.mink().run("table", "add", s.topic())),
            new Command("mink table list", s -> s.mink().run("table", "list")),
            new Command("mink table show", s -> s.mink().run("table", "show", s.table())),
            new Command(
                "mink table alter",
                s -> s.mink().run("table", "alter", s.table(), "--freshness", "7s")),
            new Command(
                "mink table remove", s -> s.mink().run("table", "remove", s.table(), "--yes")),
            new Command("mink table resume", s -> s.mink().run("table", "resume", s.table())),
            new Command("mink read", s -> s.mink().run("read", s.table())),
            new Command("mink cluster stats", s -> s.mink().run("cluster", "stats")),
            new Command(
                "mink-query exec",
                s -> SecuredKafkaIT.query(s.mink(), "SELECT count(*) FROM " + s.table())))
        .map(Arguments::of);
  }

  @ParameterizedTest
  @MethodSource("commands")
  void eachMissingAclIsNamedWithHowToGrantItAndNothingChanges(Command command) {
    SecuredMink mink = new SecuredMink(KAFKA, directory);
    String topic = mink.topic("orders", 1);
    String table = "kafka." + topic;
    mink.produce(topic, 1, 4);
    KAFKA.createTopic(mink.name("_mink_status"), 1, Map.of("cleanup.policy", "compact"));
    KAFKA.produce(
        mink.name("_mink_status"),
        List.of(new TestRecord(
            0,
            "kafka.elsewhere".getBytes(StandardCharsets.UTF_8),
            "not a status".getBytes(StandardCharsets.UTF_8),
            List.of(),
            System.currentTimeMillis())));
    KAFKA.createTopic(mink.name("_mink_tables"), 1, Map.of("cleanup.policy", "compact"));
    Setup setup = new Setup(mink, topic, table);
    List<AclBinding> acls = mink.acls(List.of(topic), command.user());
    if (!command.user().equals("mink table add")) {
      List<AclBinding> adding = mink.acls(List.of(topic), "mink table add");
      mink.grant(adding);
      assertThat(mink.run("table", "add", topic).exitCode()).isZero();
      mink.revoke(adding);
    }
    mink.grant(acls);
    Optional<TableDescriptor> before = mink.entry(table);

    List<String> failures = new ArrayList<>();
    for (AclBinding acl : acls) {
      mink.revoke(List.of(acl));
      long start = System.nanoTime();
      CommandRun run = command.run().apply(setup);
      System.out.printf(
          "%s without %s: exit %d in %d ms%n",
          command.user(), acl, run.exitCode(), (System.nanoTime() - start) / 1_000_000);
      mink.grant(List.of(acl));
      String operation = label(acl);
      String resource = acl.pattern().name();
      String message = run.out() + run.err();
      int expectedExit =
          command.user().equals("mink cluster stats") && acl.pattern().name().equals(topic)
              ? ExitCode.OK.code()
              : ExitCode.CONFIG.code();
      if (run.exitCode() != expectedExit
          || !message.contains("Kafka denied " + command.user() + " access to ")
          || !message.contains("kafka-acls --bootstrap-server ")
          || !message.contains("--operation " + operation + " ")
          || !message.contains(" " + resource)) {
        failures.add(
            command.user() + " without " + operation + " on " + acl.pattern().resourceType() + " "
                + resource + ": exit " + run.exitCode() + ", " + run.err() + run.out());
      }
      assertThat(mink.entry(table))
          .as("the entry after " + command.user() + " without " + acl)
          .isEqualTo(before);
      assertThat(mink.inLake(table)).isEqualTo(before.isPresent());
    }
    assertThat(failures).isEmpty();
  }

  private static String label(AclBinding acl) {
    String name = acl.entry().operation().name();
    return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
  }
}
